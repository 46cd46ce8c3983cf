// What each GPU model can do for a language model job: its dense 16-bit
// tensor throughput and its memory bandwidth, from the vendor's datasheet or
// whitepaper. docs/gpu-throughput.md is the same table with its sources; a
// unit test keeps the two equal. A GPU the table does not know gets no
// estimate (undefined), never a guess. Pure.
import { normalizeText } from './text';

export interface GpuThroughput {
  /** The model as the doc's table names it. */
  model: string;
  /**
   * The names it is known by, in words as the filters read them (case, '_',
   * '-' and spaces alike): a gpu_name whose words start with one of these is
   * this model, unless it starts with one of `not`.
   */
  names: readonly string[];
  not?: readonly string[];
  /**
   * Dense BF16 (FP16 where the card has no BF16) tensor TFLOPS with FP32
   * accumulate, no sparsity: what mixed-precision training and inference use.
   */
  tflops: number;
  /** GeForce cards only: the rate with FP16 accumulate, twice the one above; not used by the estimate. */
  tflopsFp16Accumulate?: number;
  /** Memory bandwidth, GB/s (10^9 bytes a second). */
  bandwidthGBs: number;
}

/**
 * Most specific names first: the first model whose names match wins
 * (`a100 80gb pcie` before `a100 80gb`, `l40s` is not `l40` since words must
 * end where the name's words end).
 */
export const GPU_THROUGHPUT: readonly GpuThroughput[] = [
  { model: 'B200', names: ['b200'], tflops: 2250, bandwidthGBs: 8000 },
  { model: 'H200 SXM', names: ['h200'], not: ['h200 nvl'], tflops: 989.5, bandwidthGBs: 4800 },
  { model: 'H100 SXM', names: ['h100 sxm5', 'h100 sxm', 'h100 80gb hbm3', 'h100 hbm3'], tflops: 989.5, bandwidthGBs: 3350 },
  // A bare "H100" is read as the slower PCIe card; the NVL (94 GB) is not in the table.
  { model: 'H100 PCIe', names: ['h100'], not: ['h100 nvl'], tflops: 756.5, bandwidthGBs: 2000 },
  { model: 'A100 80GB PCIe', names: ['a100 pcie 80gb', 'a100 80gb pcie', 'a100 pcie4 80gb'], tflops: 312, bandwidthGBs: 1935 },
  { model: 'A100 80GB SXM', names: ['a100 sxm4 80gb', 'a100 sxm 80gb', 'a100 80gb sxm4', 'a100 80gb sxm', 'a100 80gb'], tflops: 312, bandwidthGBs: 2039 },
  // An A100 whose name does not say 80GB: the 40 GB card, the lower bandwidth of the two.
  { model: 'A100 40GB (SXM or PCIe)', names: ['a100'], tflops: 312, bandwidthGBs: 1555 },
  { model: 'L40S', names: ['l40s'], tflops: 362.05, bandwidthGBs: 864 },
  { model: 'L40', names: ['l40'], tflops: 181.05, bandwidthGBs: 864 },
  { model: 'L4', names: ['l4'], tflops: 121, bandwidthGBs: 300 },
  { model: 'A10', names: ['a10'], tflops: 125, bandwidthGBs: 600 },
  { model: 'RTX 6000 Ada', names: ['rtx 6000 ada'], tflops: 364.2, bandwidthGBs: 960 },
  { model: 'RTX A6000', names: ['rtx a6000', 'a6000'], tflops: 154.8, bandwidthGBs: 768 },
  { model: 'GeForce RTX 4090', names: ['rtx 4090', 'geforce rtx 4090'], not: ['rtx 4090 d', 'geforce rtx 4090 d'], tflops: 165.2, tflopsFp16Accumulate: 330.3, bandwidthGBs: 1008 },
  { model: 'GeForce RTX 3090', names: ['rtx 3090', 'geforce rtx 3090'], not: ['rtx 3090 ti', 'geforce rtx 3090 ti'], tflops: 71, tflopsFp16Accumulate: 142, bandwidthGBs: 936 },
  { model: 'V100 SXM2', names: ['v100 sxm2', 'tesla v100 sxm2', 'v100 sxm'], tflops: 125, bandwidthGBs: 900 },
  { model: 'V100 PCIe', names: ['v100', 'tesla v100'], tflops: 112, bandwidthGBs: 900 },
  { model: 'T4', names: ['tesla t4', 't4'], tflops: 65, bandwidthGBs: 320 },
];

/** Words as the filters compare them: lower case, and any run of characters that are not letters or digits one space. */
function words(text: string): string {
  return normalizeText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
}

function startsWithWordsOf(name: string, prefix: string): boolean {
  return name === prefix || name.startsWith(`${prefix} `);
}

const PREPARED = GPU_THROUGHPUT.map((entry) => ({ entry, names: entry.names.map(words), not: (entry.not ?? []).map(words) }));
const memo = new Map<string, GpuThroughput | undefined>();

/** The table's row for a machine's gpu_name, or undefined when the table does not know it. */
export function gpuThroughput(gpuName: string): GpuThroughput | undefined {
  if (memo.has(gpuName)) return memo.get(gpuName);
  const name = words(gpuName);
  const found = PREPARED.find((p) => p.names.some((n) => startsWithWordsOf(name, n)) && !p.not.some((n) => startsWithWordsOf(name, n)))?.entry;
  if (memo.size < 4096) memo.set(gpuName, found);
  return found;
}
