// Deterministic, realistic fixture data for the demo API. Everything is derived
// from a seeded PRNG so tests, screenshots and benchmarks see the same data on
// every run and on every machine.

import type { Json, Machine, Template } from '../../src/api/types';

export const DEMO_TOKEN = 'demo-token';

/** A PRNG returning floats in [0, 1). */
export type Rng = () => number;

/** mulberry32: tiny, fast and good enough for fixtures (not for anything secret). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)];
}

function pickWeighted<T>(rng: Rng, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = rng() * total;
  for (const [value, weight] of items) {
    r -= weight;
    if (r < 0) return value;
  }
  return items[items.length - 1][0];
}

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const HEX_BYTES = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

// Table lookup: number.toString(16) dominated generating 100k machines for the benchmark.
function word(rng: Rng): string {
  const n = Math.floor(rng() * 4294967296);
  return HEX_BYTES[n >>> 24] + HEX_BYTES[(n >>> 16) & 255] + HEX_BYTES[(n >>> 8) & 255] + HEX_BYTES[n & 255];
}

/** A UUID in version-4 layout (version nibble 4, variant 8–b). */
export function randomUuid(rng: Rng): string {
  const h = word(rng) + word(rng) + word(rng) + word(rng);
  const variant = (8 + (parseInt(h[16], 16) & 3)).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------
// Machines

type CardClass = 'consumer' | 'workstation' | 'datacenter';

interface GpuModel {
  name: string;
  memory: number;
  cls: CardClass;
  /** Rough hourly price of one card; the listing price scales with gpu_count. */
  pricePerGpu: number;
  /** SXM boards ship with NVLink; only those may report it. */
  nvlink: boolean;
  /** Index into DRIVERS of the oldest driver that supports the card. */
  minDriver: number;
}

const GPU_MODELS: readonly GpuModel[] = [
  { name: 'RTX_4090', memory: 24, cls: 'consumer', pricePerGpu: 1.85, nvlink: false, minDriver: 1 },
  { name: 'RTX_3090', memory: 24, cls: 'consumer', pricePerGpu: 1.2, nvlink: false, minDriver: 0 },
  { name: 'RTX_A6000', memory: 48, cls: 'workstation', pricePerGpu: 2.6, nvlink: false, minDriver: 0 },
  { name: 'RTX_6000_Ada', memory: 48, cls: 'workstation', pricePerGpu: 4.2, nvlink: false, minDriver: 1 },
  { name: 'A100_SXM4_80GB', memory: 80, cls: 'datacenter', pricePerGpu: 7.2, nvlink: true, minDriver: 0 },
  { name: 'A100_PCIE_40GB', memory: 40, cls: 'datacenter', pricePerGpu: 4.5, nvlink: false, minDriver: 0 },
  { name: 'H100_SXM5_80GB', memory: 80, cls: 'datacenter', pricePerGpu: 14.4, nvlink: true, minDriver: 1 },
  { name: 'H200_141GB', memory: 141, cls: 'datacenter', pricePerGpu: 18.9, nvlink: true, minDriver: 3 },
  { name: 'L40S', memory: 48, cls: 'datacenter', pricePerGpu: 4.8, nvlink: false, minDriver: 1 },
  { name: 'L4', memory: 24, cls: 'datacenter', pricePerGpu: 1.4, nvlink: false, minDriver: 1 },
  { name: 'A10', memory: 24, cls: 'datacenter', pricePerGpu: 1.6, nvlink: false, minDriver: 0 },
  { name: 'V100_SXM2_32GB', memory: 32, cls: 'datacenter', pricePerGpu: 2.1, nvlink: true, minDriver: 0 },
  { name: 'Tesla_T4', memory: 16, cls: 'datacenter', pricePerGpu: 0.6, nvlink: false, minDriver: 0 },
];

/** Driver and the highest CUDA version it reports, oldest first. */
const DRIVERS: readonly (readonly [driver: string, cuda: string])[] = [
  ['520.61.05', '11.8'],
  ['530.30.02', '12.1'],
  ['535.104.05', '12.2'],
  ['550.54.15', '12.4'],
  ['560.35.03', '12.6'],
  ['570.124.06', '12.8'],
];

const CONSUMER_CPUS: readonly string[] = [
  'AMD_EPYC_7542_32-Core_Processor',
  'Intel_Xeon_Gold_6330',
  'AMD_Ryzen_Threadripper_PRO_5975WX_32-Cores',
  'Intel_Xeon_Silver_4314',
];

const SERVER_CPUS: readonly string[] = [
  'AMD_EPYC_7763_64-Core_Processor',
  'AMD_EPYC_9654_96-Core_Processor',
  'Intel_Xeon_Platinum_8358',
  'Intel_Xeon_Platinum_8480+',
  'Intel_Xeon_Gold_6348',
];

export const DEMO_REGIONS: readonly string[] = ['cn-east', 'cn-north', 'cn-south', 'us-west', 'us-east', 'eu-central'];

const GPU_COUNT_WEIGHTS: Record<CardClass | 'sxm', readonly (readonly [number, number])[]> = {
  consumer: [[1, 40], [2, 30], [4, 18], [8, 12]],
  workstation: [[1, 40], [2, 30], [4, 20], [8, 10]],
  datacenter: [[1, 40], [2, 28], [4, 20], [8, 12]],
  // SXM boards come in 4- and 8-GPU baseboards, so large slices are common.
  sxm: [[1, 22], [2, 22], [4, 20], [8, 36]],
};

function machine(rng: Rng, model: GpuModel, nodeName: string): Machine {
  const gpuCount = pickWeighted(rng, GPU_COUNT_WEIGHTS[model.nvlink ? 'sxm' : model.cls]);
  const cpu = pick(rng, model.cls === 'consumer' ? CONSUMER_CPUS : SERVER_CPUS);
  const cpuPerGpu = pick(rng, model.cls === 'datacenter' ? [8, 12, 16, 24, 28] : [6, 8, 10, 12, 16]);
  const memoryPerGpu = pick(rng, model.cls === 'datacenter' ? [60, 80, 120, 160, 240] : [32, 48, 64, 90]);
  const diskPerGpu = pick(rng, [50, 80, 100, 200, 500]);
  const [driver, cuda] = DRIVERS[intBetween(rng, model.minDriver, DRIVERS.length - 1)];
  // Listing prices vary by host: ±15% around the card's rate, shown with 2 or 3 decimals.
  const price = model.pricePerGpu * gpuCount * (0.85 + rng() * 0.3);
  const onlineRate = rng() < 0.15 ? 1 : Math.round((0.85 + rng() * 0.1499) * 10000) / 10000;
  const download = pick(rng, [300, 500, 800, 1000, 2500, 10000]);
  return {
    price: price.toFixed(rng() < 0.7 ? 2 : 3),
    labels: [],
    node_name: nodeName,
    gpu_name: model.name,
    gpu_count: gpuCount,
    gpu_memory: model.memory,
    cpu_name: cpu,
    cpu_count: cpuPerGpu * gpuCount,
    cpu_per_gpu: cpuPerGpu,
    memory_per_gpu: memoryPerGpu,
    memory_total: memoryPerGpu * gpuCount,
    disk_per_gpu: diskPerGpu,
    disk_total: diskPerGpu * gpuCount,
    region: pick(rng, DEMO_REGIONS),
    network_upload_speed: Math.max(50, Math.round(download / pick(rng, [1, 2, 5, 10]))),
    network_download_speed: download,
    up_time: intBetween(rng, 1, 9000),
    online_rate: onlineRate,
    driver_version: driver,
    cuda_version: cuda,
    nvlink_status: model.nvlink && gpuCount > 1 && rng() < 0.85,
  };
}

/**
 * `count` machines. GPU models are dealt round-robin in shuffled rounds, so even a
 * small list has every model several times (the UI's filters need that).
 */
export function generateMachines(count: number, seed = 1): Machine[] {
  const rng = mulberry32(seed);
  const seen = new Set<string>();
  const out: Machine[] = [];
  let round: GpuModel[] = [];
  for (let i = 0; i < count; i++) {
    if (round.length === 0) round = shuffled(rng, GPU_MODELS);
    const model = round.pop() as GpuModel;
    let id = randomUuid(rng);
    // A collision is astronomically unlikely, but uniqueness is an invariant tests rely on.
    while (seen.has(id)) id = randomUuid(rng);
    seen.add(id);
    out.push(machine(rng, model, id));
  }
  return out;
}

export const DEMO_MACHINES: Machine[] = generateMachines(160);

/** What a machine added by hand should be; the rest is made up. */
export interface MachineSpec {
  /** A GPU model name; a known model (or the first whose name starts with it) gives the memory and CPUs, the name is kept as given. */
  gpu?: string;
  gpus?: number;
  /** The listing price, as the API writes it ("12.00"). */
  price?: string;
}

/** One new machine with a node ID not in `taken`: what the demo market lists when a machine appears. */
export function randomMachine(rng: Rng, taken: ReadonlySet<string>, spec: MachineSpec = {}): Machine {
  const wanted = spec.gpu?.toLowerCase();
  const known = wanted === undefined ? undefined : GPU_MODELS.find((m) => m.name.toLowerCase() === wanted) ?? GPU_MODELS.find((m) => m.name.toLowerCase().startsWith(wanted));
  const model = spec.gpu === undefined ? pick(rng, GPU_MODELS) : { ...(known ?? GPU_MODELS[4]), name: spec.gpu };
  let id = randomUuid(rng);
  while (taken.has(id)) id = randomUuid(rng);
  const m = machine(rng, model, id);
  if (spec.gpus !== undefined) {
    const n = spec.gpus;
    Object.assign(m, { gpu_count: n, cpu_count: m.cpu_per_gpu * n, memory_total: m.memory_per_gpu * n, disk_total: m.disk_per_gpu * n, nvlink_status: model.nvlink && n > 1 });
    if (spec.price === undefined) m.price = (model.pricePerGpu * n).toFixed(2);
  }
  if (spec.price !== undefined) m.price = spec.price;
  return m;
}

// ---------------------------------------------------------------------------
// Templates

type PlatformEntry = readonly [name: string, imageName: string, imageTag: string, label: string, description: string];

/** Platform base images (image_type 0). The first one is the platform default, id 0. */
const PLATFORM_BASE: readonly PlatformEntry[] = [
  ['Ubuntu 22.04 + CUDA 12.4 (default)', 'nvidia/cuda', '12.4.1-cudnn-devel-ubuntu22.04', 'default', 'Platform default environment with CUDA 12.4, cuDNN 9 and Python 3.10.'],
  ['Ubuntu 20.04 + CUDA 11.8', 'nvidia/cuda', '11.8.0-cudnn8-devel-ubuntu20.04', 'cuda', 'CUDA 11.8 development image for older frameworks and V100/T4 cards.'],
  ['Ubuntu 22.04 + CUDA 12.1', 'nvidia/cuda', '12.1.1-cudnn8-devel-ubuntu22.04', 'cuda', 'CUDA 12.1 development image with cuDNN 8.'],
  ['Ubuntu 24.04 + CUDA 12.6', 'nvidia/cuda', '12.6.3-cudnn-devel-ubuntu24.04', 'cuda', 'CUDA 12.6 development image on Ubuntu 24.04.'],
  ['Ubuntu 24.04 + CUDA 12.8', 'nvidia/cuda', '12.8.1-cudnn-devel-ubuntu24.04', 'cuda', 'CUDA 12.8 development image, needed for the newest drivers and cards.'],
  ['Rocky Linux 9 + CUDA 12.4', 'nvidia/cuda', '12.4.1-devel-rockylinux9', 'cuda', 'CUDA 12.4 on Rocky Linux 9 for RHEL-compatible tooling.'],
  ['PyTorch 2.1.2 (CUDA 11.8)', 'pytorch/pytorch', '2.1.2-cuda11.8-cudnn8-runtime', 'pytorch', 'Official PyTorch 2.1 runtime image for CUDA 11.8.'],
  ['PyTorch 2.3.1 (CUDA 12.1)', 'pytorch/pytorch', '2.3.1-cuda12.1-cudnn8-runtime', 'pytorch', 'Official PyTorch 2.3 runtime image for CUDA 12.1.'],
  ['PyTorch 2.4.0 (CUDA 12.4)', 'pytorch/pytorch', '2.4.0-cuda12.4-cudnn9-runtime', 'pytorch', 'Official PyTorch 2.4 runtime image for CUDA 12.4.'],
  ['PyTorch 2.5.1 (CUDA 12.4, devel)', 'pytorch/pytorch', '2.5.1-cuda12.4-cudnn9-devel', 'pytorch', 'PyTorch 2.5 with the full CUDA toolkit for building extensions.'],
  ['PyTorch 2.6.0 (CUDA 12.6)', 'pytorch/pytorch', '2.6.0-cuda12.6-cudnn9-runtime', 'pytorch', 'Official PyTorch 2.6 runtime image for CUDA 12.6.'],
  ['PyTorch 2.7.0 (CUDA 12.8)', 'pytorch/pytorch', '2.7.0-cuda12.8-cudnn9-runtime', 'pytorch', 'Official PyTorch 2.7 runtime image for CUDA 12.8.'],
  ['NGC PyTorch 24.05', 'nvcr.io/nvidia/pytorch', '24.05-py3', 'pytorch', 'NVIDIA-optimised PyTorch container with Apex and Transformer Engine.'],
  ['NGC PyTorch 24.12', 'nvcr.io/nvidia/pytorch', '24.12-py3', 'pytorch', 'NVIDIA-optimised PyTorch container, December 2024 release.'],
  ['TensorFlow 2.15 GPU', 'tensorflow/tensorflow', '2.15.0-gpu', 'tensorflow', 'Official TensorFlow 2.15 image with GPU support.'],
  ['TensorFlow 2.16 GPU + Jupyter', 'tensorflow/tensorflow', '2.16.1-gpu-jupyter', 'tensorflow', 'TensorFlow 2.16 with a bundled Jupyter server.'],
  ['TensorFlow 2.17 GPU', 'tensorflow/tensorflow', '2.17.0-gpu', 'tensorflow', 'Official TensorFlow 2.17 image with GPU support.'],
  ['NGC TensorFlow 24.03', 'nvcr.io/nvidia/tensorflow', '24.03-tf2-py3', 'tensorflow', 'NVIDIA-optimised TensorFlow 2 container.'],
  ['JAX 24.04 (NGC)', 'nvcr.io/nvidia/jax', '24.04-py3', 'jax', 'NVIDIA JAX container with XLA tuned for multi-GPU training.'],
  ['JAX 24.10 (NGC)', 'nvcr.io/nvidia/jax', '24.10-py3', 'jax', 'NVIDIA JAX container, October 2024 release.'],
  ['PaddlePaddle 2.6 GPU', 'paddlepaddle/paddle', '2.6.1-gpu-cuda12.0-cudnn8.9-trt8.6', 'paddle', 'PaddlePaddle 2.6 with TensorRT 8.6.'],
  ['RAPIDS 24.10', 'nvcr.io/nvidia/rapidsai/base', '24.10-cuda12.5-py3.12', 'rapids', 'GPU data science with cuDF, cuML and cuGraph.'],
];

/** Platform application images (image_type 1). */
const PLATFORM_APPS: readonly PlatformEntry[] = [
  ['vLLM 0.5.4', 'vllm/vllm-openai', 'v0.5.4', 'vllm', 'OpenAI-compatible LLM server powered by vLLM 0.5.'],
  ['vLLM 0.6.3', 'vllm/vllm-openai', 'v0.6.3', 'vllm', 'OpenAI-compatible LLM server powered by vLLM 0.6.'],
  ['vLLM 0.8.5', 'vllm/vllm-openai', 'v0.8.5', 'vllm', 'OpenAI-compatible LLM server powered by vLLM 0.8 with the V1 engine.'],
  ['SGLang 0.4.6', 'lmsysorg/sglang', 'v0.4.6-cu124', 'sglang', 'Fast serving framework for LLMs and vision-language models.'],
  ['Text Generation Inference 2.4', 'ghcr.io/huggingface/text-generation-inference', '2.4.1', 'tgi', 'Hugging Face inference server for text generation models.'],
  ['Triton Inference Server 24.08', 'nvcr.io/nvidia/tritonserver', '24.08-py3', 'triton', 'NVIDIA Triton serving TensorRT, ONNX and PyTorch models.'],
  ['Ollama 0.6.5', 'ollama/ollama', '0.6.5', 'ollama', 'Run open-weight LLMs locally with a simple REST API.'],
  ['Open WebUI + Ollama', 'ghcr.io/open-webui/open-webui', 'ollama', 'ollama', 'Chat web interface bundled with an Ollama backend.'],
  ['ComfyUI', 'yanwk/comfyui-boot', 'cu124-megapak', 'comfyui', 'Node-based Stable Diffusion and Flux workflow editor.'],
  ['Stable Diffusion WebUI', 'ghcr.io/ai-dock/stable-diffusion-webui', 'v2-cuda-12.1.1-base-22.04-v1.10.1', 'stable-diffusion', 'AUTOMATIC1111 Stable Diffusion web interface.'],
  ['Kohya_ss LoRA Trainer', 'ghcr.io/bmaltais/kohya-ss-gui', 'v24.1.7', 'stable-diffusion', 'GUI for training LoRA and DreamBooth models.'],
  ['Jupyter PyTorch Notebook', 'quay.io/jupyter/pytorch-notebook', 'cuda12-python-3.11', 'jupyter', 'JupyterLab with PyTorch and CUDA 12.'],
  ['Jupyter TensorFlow Notebook', 'quay.io/jupyter/tensorflow-notebook', 'cuda-python-3.11', 'jupyter', 'JupyterLab with TensorFlow and CUDA.'],
  ['code-server', 'codercom/code-server', '4.93.1', 'vscode', 'VS Code in the browser on the GPU instance.'],
  ['LLaMA-Factory 0.9.2', 'hiyouga/llamafactory', '0.9.2', 'llm-finetune', 'Fine-tune 100+ LLMs with a web UI or CLI.'],
  ['Axolotl', 'axolotlai/axolotl', 'main-py3.11-cu124-2.5.1', 'llm-finetune', 'Config-driven LLM fine-tuning with FSDP and DeepSpeed.'],
  ['Whisper ASR Webservice', 'onerahmet/openai-whisper-asr-webservice', 'latest-gpu', 'whisper', 'Speech recognition API based on OpenAI Whisper.'],
];

const CUSTOM_PROJECTS: readonly (readonly [name: string, image: string, label: string, description: string])[] = [
  ['llama3-finetune', 'llm/llama3-sft', 'llm-finetune', 'Team image for supervised fine-tuning of Llama 3 models.'],
  ['sdxl-lora', 'sd/sdxl-lora-trainer', 'stable-diffusion', 'SDXL LoRA training with our preprocessing scripts.'],
  ['qwen-serving', 'llm/qwen-vllm', 'vllm', 'vLLM with Qwen2.5 weights baked in for fast cold starts.'],
  ['comfyui-flux', 'art/comfyui-flux', 'comfyui', 'ComfyUI with Flux.1 nodes and custom workflows.'],
  ['research-notebook', 'lab/jupyter-research', 'jupyter', 'JupyterLab with the lab toolchain and shared datasets mounted.'],
  ['yolo-train', 'cv/yolov8-train', 'cv', 'YOLOv8 training image with pinned Ultralytics version.'],
  ['whisper-batch', 'audio/whisper-batch', 'whisper', 'Batch transcription worker for the audio pipeline.'],
  ['rl-gym', 'rl/isaac-gym-lite', 'rl', 'Reinforcement learning sandbox with MuJoCo and Gymnasium.'],
  ['deepspeed-pretrain', 'llm/deepspeed-pretrain', 'llm-finetune', 'Multi-node pretraining image with DeepSpeed ZeRO-3.'],
  ['embedding-api', 'search/bge-embeddings', 'inference', 'Text embedding service for the search backend.'],
];

const USERS = ['alice', 'bob', 'mlteam', 'carol_w', 'deploy-bot'];
const REGISTRIES = ['registry.example.com', 'harbor.example.cn', 'ghcr.io'];
const PORTS: readonly Json[] = [8888, '7860', 8000, '8080', 6006, [8888, 6006]];
const ONSTART: readonly string[] = [
  'bash /workspace/start.sh',
  'jupyter lab --ip=0.0.0.0 --port=8888 --no-browser --allow-root',
  '#!/bin/bash\nset -e\npip install -r /workspace/requirements.txt\npython /workspace/serve.py',
  'python -m vllm.entrypoints.openai.api_server --host 0.0.0.0 --port 8000',
  'cd /opt/ComfyUI && python main.py --listen 0.0.0.0 --port 7860',
];
const OPTIONS: readonly Json[] = [
  { shm_size: '16g' },
  '--ipc=host',
  { shm_size: '32g', env: { HF_HOME: '/data/hf', NCCL_P2P_DISABLE: '0' } },
  '--ipc=host --ulimit memlock=-1 --ulimit stack=67108864',
  ['--ipc=host', '--shm-size=8g'],
];

function platformTemplate(entry: PlatformEntry, imageType: number, id: number): Template {
  const [name, imageName, imageTag, label, description] = entry;
  return {
    name,
    description,
    image_name: imageName,
    image_tag: imageTag,
    image_label: label,
    docker_username: null,
    docker_passwd: null,
    docker_registry: null,
    public_port: null,
    onstart: null,
    options: null,
    image_type: imageType,
    id,
  };
}

function maybe<T extends Json>(rng: Rng, probability: number, value: () => T): T | null {
  return rng() < probability ? value() : null;
}

function customTemplate(rng: Rng, n: number, id: number): Template {
  const [project, image, label, description] = CUSTOM_PROJECTS[n % CUSTOM_PROJECTS.length];
  const user = pick(rng, USERS);
  // Type 2: pulled from a private registry (credentials). Type 3: saved from an
  // instance on the platform's own registry (no credentials). The real meanings
  // are not in the spec; the client must treat image_type as opaque.
  const imageType = rng() < 0.6 ? 2 : 3;
  const hasCredentials = imageType === 2 && rng() < 0.8;
  const round = Math.floor(n / CUSTOM_PROJECTS.length);
  return {
    name: round === 0 ? `${user}/${project}` : `${user}/${project}-v${round + 1}`,
    description,
    image_name: imageType === 2 ? image : `saved/${user}-${project}`,
    image_tag: pick(rng, ['latest', 'v1', 'v2.3', '2025-01-15', `build-${intBetween(rng, 100, 999)}`]),
    image_label: label,
    docker_username: hasCredentials ? user : null,
    docker_passwd: hasCredentials ? `demo-registry-pass-${intBetween(rng, 1, 99)}` : null,
    docker_registry: imageType === 2 ? pick(rng, REGISTRIES) : null,
    public_port: maybe(rng, 0.75, () => pick(rng, PORTS)),
    onstart: maybe(rng, 0.7, () => pick(rng, ONSTART)),
    options: maybe(rng, 0.6, () => pick(rng, OPTIONS)),
    image_type: imageType,
    id,
  };
}

/**
 * `count` templates sorted by id. Platform templates come first with ids 0, 1, 2…;
 * custom templates follow from id 1000 with gaps (deleted templates), so clients
 * cannot mistake the paging marker for an offset.
 */
export function generateTemplates(count = 64, seed = 1): Template[] {
  const rng = mulberry32(seed ^ 0x5eed);
  const platform = [
    ...PLATFORM_BASE.map((e, i) => platformTemplate(e, 0, i)),
    ...PLATFORM_APPS.map((e, i) => platformTemplate(e, 1, PLATFORM_BASE.length + i)),
  ];
  const out = platform.slice(0, count);
  let id = 1000;
  for (let n = 0; out.length < count; n++) {
    out.push(customTemplate(rng, n, id));
    id += 1 + (rng() < 0.3 ? intBetween(rng, 1, 6) : 0);
  }
  return out;
}

export const DEMO_TEMPLATES: Template[] = generateTemplates(64);
