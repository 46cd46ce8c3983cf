// Waiting between two polls, ended early by a stop (SIGINT, SIGTERM).

export function sleep(ms: number, stop: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done);
  });
}
