import * as assert from 'node:assert/strict';
import { modelsNamed } from '../../../src/model/query/namedModels';

const RECORDED = ['A100_PCIE_40GB', 'A100_SXM4_80GB', 'H100_SXM5_80GB', 'H100_PCIE', 'H200_141GB', 'RTX_4090', 'Tesla_T4'];

describe('the GPU models a filter names (Market Trends opens on them)', () => {
  it('gpu= names the models its words start, in the order recorded', () => {
    assert.deepEqual(modelsNamed('gpu=h100 gpus>=8 region=cn-east', RECORDED), ['H100_SXM5_80GB', 'H100_PCIE']);
    assert.deepEqual(modelsNamed('gpu=a100_sxm4', RECORDED), ['A100_SXM4_80GB']);
    assert.deepEqual(modelsNamed('gpu="H100 PCIE"', RECORDED), ['H100_PCIE']);
  });

  it('gpu in [...] names each; two gpu clauses name the models both allow', () => {
    assert.deepEqual(modelsNamed('gpu in [tesla, rtx_4090]', RECORDED), ['RTX_4090', 'Tesla_T4']);
    assert.deepEqual(modelsNamed('gpu in [a100, h100] gpu=h100', RECORDED), ['H100_SXM5_80GB', 'H100_PCIE']);
  });

  it('names none for a filter that leaves models out, says nothing of the GPU, or does not parse', () => {
    assert.deepEqual(modelsNamed('gpu!=tesla', RECORDED), []);
    assert.deepEqual(modelsNamed('gpu notin [tesla]', RECORDED), []);
    assert.deepEqual(modelsNamed('gpus>=8 price_per_gpu<2', RECORDED), []);
    assert.deepEqual(modelsNamed('h100', RECORDED), [], 'a free word is not a GPU name (it may be a region)');
    assert.deepEqual(modelsNamed('', RECORDED), []);
    assert.deepEqual(modelsNamed('gpu=', RECORDED), []);
  });

  it('names none the history has not recorded', () => {
    assert.deepEqual(modelsNamed('gpu=b200', RECORDED), []);
    assert.deepEqual(modelsNamed('gpu=h100', []), []);
  });
});
