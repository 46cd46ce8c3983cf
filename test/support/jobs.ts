// The issue 37 example both the job's sort and its pages are tested on: a 7B
// model trained on 1B tokens, on 8× H100 at 20 an hour (finishes sooner and
// cheaper) and 8× A100 at 12.
import type { Job } from '../../src/model/jobCost';
import { machineRecord } from './records';

export const TRAIN_7B: Job = { paramsB: 7, kind: 'train', tokens: 1e9 };
export const H100_AT_20 = machineRecord({ node_name: 'h100', gpu_name: 'H100_SXM5_80GB', gpu_count: 8, price: '20', nvlink_status: true });
export const A100_AT_12 = machineRecord({ node_name: 'a100', gpu_name: 'A100_SXM4_80GB', gpu_count: 8, price: '12', nvlink_status: true });
