// Payloads a stranger might put in any string field the service sends: the
// hostile-data tests of each layer (model, webview, market) feed them in.
export const HOSTILE: Record<string, string> = {
  script: '<script>alert(1)</script>',
  imgOnerror: '"><img src=x onerror=alert(1)>',
  styleClose: '</style><style>body{display:none}</style>',
  jsLink: '[click me](javascript:alert(1)) <a href="javascript:alert(1)">x</a>',
  commandLink: '[run](command:workbench.action.terminal.new) $(alert) $(sync~spin)',
  long: 'A'.repeat(100_000),
  controls: 'a\u0000b\u0007c\u001bd\r\ne\u007ff',
  bidi: 'safe\u202Egnp.exe\u202C \u2066x\u2069',
  emoji: '🚀 GPU 🔥 Ünïcödé 日本語',
  markdown: '# Title\n**bold** | pipe | `code` ![img](http://x/y.png)',
};
