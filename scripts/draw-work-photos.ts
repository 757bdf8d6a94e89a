/**
 * Draws the sample providers' photos of past work into
 * public/public-objects/: simple scenes of installations, drawn here rather than fetched,
 * so the sample data has no third-party images. Run once; the files are committed.
 *   node scripts/draw-work-photos.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { SAMPLE_WORK_PHOTO_FILES } from '../db/seed/work-photos.ts';

const WALL = ['#e7e5e4', '#dbeafe', '#fef3c7', '#dcfce7', '#ede9fe', '#fce7f3'];

/** One scene per kind of work, on a wall of one of the colours. */
const SCENES: Record<string, (wall: string) => string> = {
  camera: (wall) => `<rect width="900" height="600" fill="${wall}"/>
    <rect y="470" width="900" height="130" fill="#78716c"/>
    <rect x="300" y="170" width="60" height="120" fill="#94a3b8"/>
    <rect x="330" y="200" width="280" height="120" rx="24" fill="#f8fafc" stroke="#334155" stroke-width="6"/>
    <circle cx="580" cy="260" r="42" fill="#0f172a"/><circle cx="570" cy="250" r="12" fill="#38bdf8"/>
    <circle cx="380" cy="230" r="8" fill="#ef4444"/>`,
  keypad: (wall) => `<rect width="900" height="600" fill="${wall}"/>
    <rect x="340" y="120" width="220" height="320" rx="20" fill="#f8fafc" stroke="#334155" stroke-width="6"/>
    <rect x="370" y="150" width="160" height="60" rx="6" fill="#0f766e"/>
    ${[0, 1, 2, 3]
      .flatMap((row) =>
        [0, 1, 2].map(
          (col) =>
            `<rect x="${375 + col * 55}" y="${235 + row * 48}" width="40" height="34" rx="6" fill="#cbd5e1"/>`,
        ),
      )
      .join('')}`,
  gate: (wall) => `<rect width="900" height="600" fill="#bae6fd"/>
    <rect y="430" width="900" height="170" fill="#a8a29e"/>
    <rect x="120" y="150" width="40" height="300" fill="#475569"/>
    <rect x="740" y="150" width="40" height="300" fill="#475569"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${175 + i * 47}" y="190" width="14" height="240" fill="#334155"/>`).join('')}
    <rect x="160" y="190" width="580" height="16" fill="#334155"/>
    <rect x="60" y="260" width="50" height="80" rx="8" fill="${wall}" stroke="#334155" stroke-width="5"/>`,
  rack: (wall) => `<rect width="900" height="600" fill="${wall}"/>
    <rect x="290" y="60" width="320" height="500" rx="10" fill="#1e293b"/>
    ${Array.from(
      { length: 8 },
      (_, i) => `<rect x="315" y="${90 + i * 56}" width="270" height="40" rx="4" fill="#334155"/>
      ${Array.from({ length: 8 }, (_, j) => `<rect x="${330 + j * 30}" y="${100 + i * 56}" width="18" height="12" fill="${['#22c55e', '#3b82f6', '#eab308'][(i + j) % 3]}"/>`).join('')}`,
    ).join('')}`,
  accessPoint: (wall) => `<rect width="900" height="600" fill="${wall}"/>
    <rect width="900" height="90" fill="#f5f5f4"/>
    <ellipse cx="450" cy="150" rx="150" ry="40" fill="#f8fafc" stroke="#475569" stroke-width="6"/>
    <circle cx="450" cy="150" r="8" fill="#22c55e"/>
    ${[90, 150, 210].map((r) => `<path d="M ${450 - r} ${250 + r / 3} Q 450 ${150 + r} ${450 + r} ${250 + r / 3}" fill="none" stroke="#0ea5e9" stroke-width="10" stroke-linecap="round" opacity="0.7"/>`).join('')}`,
  studio: (wall) => `<rect width="900" height="600" fill="#1f2937"/>
    <rect x="120" y="90" width="660" height="330" rx="12" fill="#0f172a" stroke="${wall}" stroke-width="8"/>
    <rect x="150" y="120" width="290" height="130" fill="#2563eb"/><rect x="460" y="120" width="290" height="130" fill="#16a34a"/>
    <rect x="150" y="265" width="290" height="130" fill="#db2777"/><rect x="460" y="265" width="290" height="130" fill="#f59e0b"/>
    <rect x="250" y="450" width="400" height="80" rx="10" fill="#374151"/>
    ${Array.from({ length: 10 }, (_, i) => `<circle cx="${285 + i * 37}" cy="490" r="11" fill="${i % 3 ? '#9ca3af' : '#ef4444'}"/>`).join('')}`,
};

const out = path.join(import.meta.dirname, '..', 'public', 'public-objects');
for (const [index, file] of SAMPLE_WORK_PHOTO_FILES.entries()) {
  const scene = file.replace(/^work-|-\d+\.webp$/g, '');
  const draw = SCENES[scene];
  if (!draw) throw new Error(`No scene for ${file}`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600">${draw(WALL[index % WALL.length] ?? '#e7e5e4')}</svg>`;
  const bytes = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
  await writeFile(path.join(out, file), bytes);
  console.log(`${file}: ${bytes.byteLength} bytes`);
}
