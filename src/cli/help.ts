// The help of `gpu-rental`, in English (docs/cli.md says the same, longer).
export const HELP_TEXT = `gpu-rental: rentable GPU machines and image templates from your GPU rental service,
for scripts and agents. The same query language, price per GPU and tools as the
GPU Rental extension for VS Code.

Usage:
  gpu-rental machines [QUERY] [--sort KEY] [--order asc|desc] [--group KEY] [--limit N]
                      [--json | --ndjson | --ids | --table]
  gpu-rental machine NODE_ID [--json | --table]
  gpu-rental templates [WORDS] [--image-type N] [--limit N] [--json | --ndjson | --ids | --table]
  gpu-rental image-ref TEMPLATE_ID [--json]
  gpu-rental watch QUERY [--interval SECONDS] [--limit N]
  gpu-rental record [QUERY] [--interval SECONDS] [--limit N]
  gpu-rental history [WORDS] [--days N] [--json | --ndjson | --table]
  gpu-rental cost SIZE --job train|lora|infer (--tokens N [--batch B] | --hours H) [QUERY]
                      [--utilization U] [--limit N] [--json | --table]
  gpu-rental outlook QUERY [--days N] [--json | --table]
  gpu-rental mcp
  gpu-rental --help | --version

  QUERY      the filter language of the extension, e.g. 'gpu=h100 gpus>=8 cuda>=12.4'
  NODE_ID    a node ID, or its first 6 characters or more (a details tab shows 8)
  --sort     pricePerGpu (default), price, gpuMemory, gpuCount, onlineRate, upTime
  --group    none (default), gpu, region, gpuCount, cuda
  --limit    at most N machines (or templates); watch and record: stop after N. Without --group,
             only the first N of the sort are held while the list arrives
  --json     a JSON array (default when the output is not a terminal)
  --ndjson   one JSON object a line. Without --sort, --order or --group: in the
             service's order, each line written as its machine arrives, in
             constant memory whatever the list's length. Sorting (or grouping)
             needs the whole list first: memory then grows with the matches
  --ids      one ID a line
  --table    a table (default on a terminal, the only place with colour)
  watch      prints machines as they newly match, one JSON line each, until stopped
  record     records each complete list into the market history the editor shares
             (every --interval seconds, default 60), one line a list on stderr; QUERY
             only chooses what that line counts. Needs Node.js 22.13+ (SQLite)
  history    per GPU model (WORDS choose models by name), the lowest, 25th-percentile
             and median price per GPU and GPUs listed, a row per day (per hour with
             --days 2 or less; default 7 days). Needs Node.js 22.13+ (SQLite)
  cost       what a job costs on each machine that matches QUERY and fits the job: SIZE in
             billions of parameters (7, 70b); --job train (full training or fine-tuning), lora
             or infer; --tokens to train on or to generate (1B, 500M, 500M×3 for dataset tokens ×
             epochs), --batch for inference (default 1), or --hours of serving; --utilization
             the middle of the assumed range (40%). Cheapest job first, with hours, gpu_hours
             and cost (the price read per hour for the whole machine), each with its low and
             high. docs/job-cost.md says how
  outlook    rent now or wait: what the market history recorded of QUERY over the last
             N days (1 to 30, default 30): appearances, how long they stayed, the typical
             best price per GPU and where the best now sits, the wait for a cheaper one.
             Exit 1 when nothing matched in the record, or it has no list yet.
             Needs Node.js 22.13+ (SQLite)
  mcp        an MCP server on stdin/stdout with the tools gpuRental_findMachines,
             gpuRental_getMachine, gpuRental_listTemplates, gpuRental_jobCost and
             gpuRental_marketOutlook (read-only)

Options of every command:
  --token-file FILE   read the token from FILE (it must be readable by you only)
  --timeout SECONDS   per request (default 30)
  --no-color          no colour in tables (NO_COLOR in the environment does the same)

Environment:
  GPU_RENTAL_BASE_URL   the service URL (required)
  GPU_RENTAL_TOKEN      the API token, unless --token-file is given; never an argument
  GPU_RENTAL_ALLOW_HTTP=1  allow plain http to a host other than this machine
  GPU_RENTAL_DATA_DIR   where the market history is kept (default: ~/.local/share/gpu-rental,
                        ~/Library/Application Support/gpu-rental, %LOCALAPPDATA%\\gpu-rental)

Exit codes:
  0  found (or printed)     1  nothing matched          2  bad query or usage
  3  service or network error                           4  token rejected
With --json or --ndjson an error is one JSON object on stderr.

Deploy scripts:
  NODE_ID=$(gpu-rental machines 'gpu=h100 gpus>=8' --ids --limit 1)
`;
