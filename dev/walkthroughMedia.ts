// `npm run media:walkthrough`: draws the Get Started walkthrough's pictures
// (media/walkthrough/<step>-<theme>.svg), one per step and theme, as small
// SVGs that look like the part of VS Code each step uses, in the colours of
// VS Code's default Light, Dark and High Contrast themes. Drawn rather than
// captured: a few KB each, sharp at any size, and every theme from one source.
// A unit test fails when the files differ from what this draws.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './repoRoot';

export const WALKTHROUGH_MEDIA_DIR = path.join(repoRoot, 'media', 'walkthrough');
export const STEPS = ['service-url', 'token', 'filter', 'copy-id'] as const;
export const THEMES = ['light', 'dark', 'hc', 'hc-light'] as const;
export type Step = (typeof STEPS)[number];
export type Theme = (typeof THEMES)[number];

interface Palette {
  bg: string;
  side: string;
  text: string;
  muted: string;
  border: string;
  inputBg: string;
  inputBorder: string;
  focus: string;
  widget: string;
  widgetBorder: string;
  selection: string;
  selectionText: string;
  accent: string;
  /** The grey bars that stand for other content. */
  placeholder: string;
  button: string;
  buttonText: string;
  buttonBorder?: string;
  code: { keyword: string; string: string; comment: string };
}

/** VS Code's Light Modern, Dark Modern, High Contrast and High Contrast Light colours. */
const PALETTES: Record<Theme, Palette> = {
  light: {
    bg: '#ffffff', side: '#f8f8f8', text: '#3b3b3b', muted: '#6f6f6f', border: '#e5e5e5',
    inputBg: '#ffffff', inputBorder: '#cecece', focus: '#005fb8', widget: '#f8f8f8', widgetBorder: '#cecece',
    selection: '#e8e8e8', selectionText: '#000000', accent: '#005fb8', placeholder: '#e8e8e8', button: '#005fb8', buttonText: '#ffffff',
    code: { keyword: '#0000ff', string: '#a31515', comment: '#008000' },
  },
  dark: {
    bg: '#1f1f1f', side: '#181818', text: '#cccccc', muted: '#9d9d9d', border: '#2b2b2b',
    inputBg: '#313131', inputBorder: '#3c3c3c', focus: '#0078d4', widget: '#222222', widgetBorder: '#454545',
    selection: '#04395e', selectionText: '#ffffff', accent: '#4daafc', placeholder: '#2e2e2e', button: '#0078d4', buttonText: '#ffffff',
    code: { keyword: '#569cd6', string: '#ce9178', comment: '#6a9955' },
  },
  hc: {
    bg: '#000000', side: '#000000', text: '#ffffff', muted: '#ffffff', border: '#6fc3df',
    inputBg: '#000000', inputBorder: '#6fc3df', focus: '#f38518', widget: '#0c141f', widgetBorder: '#6fc3df',
    selection: '#000000', selectionText: '#ffffff', accent: '#21a6ff', placeholder: '#3a3a3a', button: '#000000', buttonText: '#ffffff', buttonBorder: '#6fc3df',
    code: { keyword: '#569cd6', string: '#ce9178', comment: '#7ca668' },
  },
  'hc-light': {
    bg: '#ffffff', side: '#ffffff', text: '#292929', muted: '#292929', border: '#0f4a85',
    inputBg: '#ffffff', inputBorder: '#0f4a85', focus: '#006bbd', widget: '#ffffff', widgetBorder: '#0f4a85',
    selection: '#ffffff', selectionText: '#292929', accent: '#0f4a85', placeholder: '#d6d6d6', button: '#0f4a85', buttonText: '#ffffff',
    code: { keyword: '#0f4a85', string: '#0f4a85', comment: '#515151' },
  },
};

const W = 640;
const H = 360;
const UI_FONT = "'Segoe UI', -apple-system, BlinkMacSystemFont, Ubuntu, 'Droid Sans', sans-serif";
const CODE_FONT = "'Cascadia Mono', Menlo, Consolas, 'DejaVu Sans Mono', monospace";

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function text(x: number, y: number, content: string, fill: string, opts: { size?: number; weight?: number; code?: boolean; anchor?: string } = {}): string {
  const font = opts.code ? CODE_FONT : UI_FONT;
  const attrs = [`x="${x}"`, `y="${y}"`, `fill="${fill}"`, `font-family="${esc(font)}"`, `font-size="${opts.size ?? 13}"`];
  if (opts.weight) attrs.push(`font-weight="${opts.weight}"`);
  if (opts.anchor) attrs.push(`text-anchor="${opts.anchor}"`);
  return `<text ${attrs.join(' ')}>${esc(content)}</text>`;
}

/** One line of differently coloured or weighted pieces, laid out by the renderer (no guessed widths). */
function spans(x: number, y: number, parts: [string, string, number?][], opts: { size?: number; code?: boolean } = {}): string {
  const font = opts.code ? CODE_FONT : UI_FONT;
  const inner = parts.map(([content, fill, weight]) => `<tspan fill="${fill}"${weight ? ` font-weight="${weight}"` : ''}>${esc(content)}</tspan>`).join('');
  return `<text x="${x}" y="${y}" font-family="${esc(font)}" font-size="${opts.size ?? 13}" xml:space="preserve">${inner}</text>`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, stroke?: string, r = 0): string {
  const s = stroke ? ` stroke="${stroke}" stroke-width="1"` : '';
  return `<rect x="${x + (stroke ? 0.5 : 0)}" y="${y + (stroke ? 0.5 : 0)}" width="${w}" height="${h}" rx="${r}" fill="${fill}"${s}/>`;
}

/** A quick input box as VS Code draws it at the top of the window (here over the editor area, clear of the side bar). */
function quickInput(p: Palette, x: number, title: string, value: string, message: string[], opts: { password?: boolean } = {}): string {
  const y = 14;
  const w = W - x - 16;
  const shown = opts.password ? '•'.repeat(value.length) : value;
  return [
    rect(x, y, w, 96 + message.length * 16, p.widget, p.widgetBorder, 6),
    text(x + w / 2, y + 22, title, p.text, { size: 12, weight: 600, anchor: 'middle' }),
    rect(x + 10, y + 36, w - 20, 28, p.inputBg, p.focus, 2),
    text(x + 18, y + 55, shown, p.text, { size: 13, code: !opts.password }),
    ...message.map((line, i) => text(x + 12, y + 88 + i * 16, line, p.muted, { size: 12 })),
  ].join('');
}

/** A narrow side bar with the GPU Rental views' header. */
function sideBar(p: Palette, width: number, rows: string[]): string {
  return [rect(0, 0, width, H, p.side), `<line x1="${width + 0.5}" y1="0" x2="${width + 0.5}" y2="${H}" stroke="${p.border}"/>`, text(20, 24, 'GPU RENTAL', p.muted, { size: 11 }), ...rows].join('');
}

function faintLines(p: Palette, x: number, y: number, count: number): string {
  const widths = [220, 300, 180, 260, 140, 240, 200];
  return Array.from({ length: count }, (_, i) => rect(x, y + i * 22, Math.min(widths[i % widths.length], W - x - 24), 7, p.placeholder, undefined, 3)).join('');
}

function serviceUrl(p: Palette): string {
  return [
    rect(0, 0, W, 44, p.bg),
    rect(20, 10, W - 40, 26, p.inputBg, p.inputBorder, 2),
    text(30, 28, 'gpuRental.baseUrl', p.text, { size: 13 }),
    text(W - 30, 28, '1 Setting Found', p.muted, { size: 11, anchor: 'end' }),
    text(20, 68, 'User', p.accent, { size: 12, weight: 600 }),
    rect(20, 74, 30, 2, p.accent),
    `<line x1="20" y1="84.5" x2="${W - 20}" y2="84.5" stroke="${p.border}"/>`,
    rect(20, 104, 2, 112, p.focus),
    spans(36, 122, [['GPU Rental: ', p.text], ['Base Url', p.text, 700]]),
    text(36, 146, 'The URL of your GPU rental service, for example https://gpu.example.com.', p.muted, { size: 12 }),
    text(36, 164, 'Requests go to {baseUrl}/v1/rentgpu/machines and /v1/rentgpu/images.', p.muted, { size: 12 }),
    rect(36, 178, 380, 26, p.inputBg, p.focus, 2),
    text(44, 196, 'https://gpu.example.com', p.text, { size: 13 }),
    text(36, 250, 'The GPU Rental views load machines from this service', p.muted, { size: 12 }),
    text(36, 268, 'once you have set your API token.', p.muted, { size: 12 }),
  ].join('');
}

function token(p: Palette): string {
  return [
    sideBar(p, 200, [
      text(20, 52, '⌄ MACHINES', p.text, { size: 11, weight: 700 }),
      text(20, 80, 'Add your API token to list what', p.text, { size: 11 }),
      text(20, 96, 'the service offers.', p.text, { size: 11 }),
      rect(20, 110, 160, 26, p.button, p.buttonBorder, 2),
      text(100, 127, 'Set API Token', p.buttonText, { size: 12, anchor: 'middle' }),
    ]),
    faintLines(p, 230, 170, 6),
    quickInput(p, 216, 'GPU Rental: Set API Token', 'sk-live-0123456789ab', ["Paste your API token. It is kept in VS Code's", 'secret storage, never in settings.'], { password: true }),
    text(230, 336, 'Never in settings, logs or the views.', p.muted, { size: 12 }),
  ].join('');
}

function filter(p: Palette): string {
  const row = (y: number, label: string, detail: string, level: number) => spans(20 + level * 14, y, [[label, p.text], ['  ' + detail, p.muted]], { size: 12 });
  return [
    sideBar(p, 318, [
      text(20, 52, '⌄ MACHINES', p.text, { size: 11, weight: 700 }),
      text(20, 80, 'gpu=h100_sxm5_80gb gpus>=2 · 12 of 160', p.muted, { size: 11 }),
      row(106, '⌄ H100 SXM5 80GB', '12 machines · from 14.40/GPU', 0),
      row(130, '2× H100 SXM5 80GB', '28.80 (14.40/GPU)', 1),
      row(154, '4× H100 SXM5 80GB', '58.00 (14.50/GPU)', 1),
      row(178, '8× H100 SXM5 80GB', '117.60 (14.70/GPU)', 1),
      row(202, '8× H100 SXM5 80GB', '118.40 (14.80/GPU)', 1),
    ]),
    faintLines(p, 350, 190, 6),
    quickInput(p, 334, 'Filter Machines', 'gpu=H100_SXM5_80GB gpus>=2', ['12 of 160 machines match.']),
  ].join('');
}

function copyId(p: Palette): string {
  const editorX = 270;
  const menuX = 110;
  const line = (n: number, y: number, parts: [string, string][]) =>
    text(editorX + 26, y, String(n), p.muted, { size: 11, code: true, anchor: 'end' }) + spans(editorX + 36, y, parts, { size: 11, code: true });
  return [
    sideBar(p, editorX, [
      text(20, 52, '⌄ MACHINES', p.text, { size: 11, weight: 700 }),
      text(20, 78, '⌄ H100 SXM5 80GB', p.text, { size: 12 }),
      rect(0, 88, editorX, 22, p.selection, p.focus),
      spans(34, 104, [['8× H100 SXM5 80GB', p.selectionText], ['  117.60', p.muted]], { size: 12 }),
      spans(34, 128, [['8× H100 SXM5 80GB', p.text], ['  118.40', p.muted]], { size: 12 }),
    ]),
    rect(editorX + 1, 0, W - editorX - 1, 30, p.side),
    rect(editorX + 1, 0, 100, 30, p.bg),
    text(editorX + 14, 20, 'train.sh', p.text, { size: 12 }),
    line(1, 56, [['#!/usr/bin/env bash', p.code.comment]]),
    line(2, 76, [['NODE_ID=', p.text], ['3f2a9c1e-7b4d-4e2a-9c1f-2b8e5d7a6c40', p.code.string]]),
    line(3, 96, [['echo', p.code.keyword], [' "Training on $NODE_ID"', p.code.string]]),
    rect(menuX, 112, 190, 82, p.widget, p.widgetBorder, 5),
    text(menuX + 14, 134, 'Show Machine Details', p.text, { size: 12 }),
    rect(menuX + 4, 142, 182, 22, p.button, p.buttonBorder, 3),
    text(menuX + 14, 158, 'Copy Node ID', p.buttonText, { size: 12 }),
    text(menuX + 14, 182, 'Copy As…', p.text, { size: 12 }),
    text(editorX + 20, 240, 'Or, in the editor:', p.muted, { size: 12 }),
    text(editorX + 20, 260, 'GPU Rental: Insert Node ID…', p.text, { size: 12, weight: 600 }),
    text(editorX + 20, 280, 'puts the IDs you pick at the cursors.', p.muted, { size: 12 }),
  ].join('');
}

const DRAW: Record<Step, (p: Palette) => string> = { 'service-url': serviceUrl, token, filter, 'copy-id': copyId };

/** The SVG of one step in one theme. */
export function drawStep(step: Step, theme: Theme): string {
  const p = PALETTES[theme];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<clipPath id="frame"><rect width="${W}" height="${H}" rx="6"/></clipPath>`,
    `<g clip-path="url(#frame)">`,
    rect(0, 0, W, H, p.bg),
    DRAW[step](p),
    '</g>',
    rect(0, 0, W - 1, H - 1, 'none', p.border, 6),
    '</svg>',
    '',
  ].join('\n');
}

export function mediaFile(step: Step, theme: Theme): string {
  return path.join(WALKTHROUGH_MEDIA_DIR, `${step}-${theme}.svg`);
}

if (require.main === module) {
  fs.mkdirSync(WALKTHROUGH_MEDIA_DIR, { recursive: true });
  for (const step of STEPS) {
    for (const theme of THEMES) {
      fs.writeFileSync(mediaFile(step, theme), drawStep(step, theme));
    }
  }
  console.log(`wrote ${STEPS.length * THEMES.length} SVGs to ${path.relative(repoRoot, WALKTHROUGH_MEDIA_DIR)}/`);
}
