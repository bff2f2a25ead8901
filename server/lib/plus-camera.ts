import { sharp } from './native-modules';
import { Canvas, textWidth } from './label-image';
import { plusFileKey } from './plus-file-key';

/*
 * The camera ("vision") picture of a simulated Plus device. Real devices photograph the aisle in front of the
 * shelf; the simulated ones have the reference server draw that view: shelves in perspective stocked with
 * products in colours taken from the device's address, a shopper who walks along the aisle with the time, and the
 * device's address and the time stamped in a corner as a camera does. sharp renders the scene and encodes it.
 */

/** Where a device's latest camera picture is kept (one file per device, replaced by the next picture). */
export const visionKey = (storeCode: string, mac: string) => plusFileKey(storeCode, 'vision', `${mac.replace(/:/g, '')}.jpg`);

export const CAMERA_SIZE = { width: 640, height: 480 } as const;
const { width: W, height: H } = CAMERA_SIZE;
/** The vanishing point of the aisle. */
const VX = W / 2;
const VY = H * 0.42;

/** A small deterministic hash of the address, so one device always sees the same shelves. */
function hashOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h;
}

/** The shelf rows on one side of the aisle: product blocks shrinking towards the vanishing point. */
function shelfSide(side: -1 | 1, seed: number): string {
  const out: string[] = [];
  const edge = side < 0 ? 0 : W;
  for (let row = 0; row < 4; row++) {
    const yNear = H * (0.15 + row * 0.2);
    for (let slot = 0; slot < 7; slot++) {
      // Position along the aisle: 0 near the camera, 1 at the vanishing point.
      const a = slot / 7;
      const b = (slot + 0.85) / 7;
      const xAt = (t: number) => edge + (VX - edge) * t * 0.8;
      const yAt = (t: number, y: number) => y + (VY - y) * t * 0.8;
      const hue = (seed >>> ((row * 7 + slot) % 24)) % 360;
      const shelf = yAt(a, yNear + H * 0.16);
      out.push(
        `<polygon points="${xAt(a)},${yAt(a, yNear)} ${xAt(b)},${yAt(b, yNear)} ${xAt(b)},${yAt(b, yNear + H * 0.15)} ${xAt(a)},${shelf}" fill="hsl(${hue},65%,${45 + (slot % 3) * 8}%)"/>`,
      );
    }
    const y = yNear + H * 0.16;
    out.push(`<line x1="${edge}" y1="${y}" x2="${VX + (edge - VX) * 0.2}" y2="${y + (VY - y) * 0.8}" stroke="#9e9e9e" stroke-width="4"/>`);
  }
  return out.join('');
}

/** A shopper in the aisle; where depends on the time, so two pictures taken apart differ. */
function shopper(at: Date): string {
  const t = ((at.getTime() / 1000) % 120) / 120;
  const depth = 0.25 + 0.6 * Math.abs(1 - 2 * t);
  const scale = 1 - depth * 0.8;
  const x = VX + (t < 0.5 ? -1 : 1) * 60 * scale;
  const feet = VY + (H - VY) * scale * 0.95;
  const height = 300 * scale;
  return [
    `<rect x="${x - 22 * scale}" y="${feet - height * 0.75}" width="${44 * scale}" height="${height * 0.75}" rx="${10 * scale}" fill="#37474f"/>`,
    `<circle cx="${x}" cy="${feet - height * 0.85}" r="${18 * scale}" fill="#d7a98c"/>`,
  ].join('');
}

/** The address and the time in the corner, drawn with the label font (no system fonts needed). */
function stamp(mac: string, at: Date): Buffer {
  const text = `${mac.toUpperCase()}  ${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
  const canvas = new Canvas(textWidth(text, 2) + 12, 28, [
    [0, 0, 0],
    [255, 255, 255],
  ]);
  canvas.fill(0, 0, canvas.width, canvas.height, 0);
  canvas.text(6, 7, text, 2, 1);
  return canvas.png();
}

/** A JPEG of the aisle as device `mac` sees it at `at`. */
export async function drawCameraPicture(mac: string, at: Date): Promise<Buffer> {
  const seed = hashOf(mac);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
    <defs><linearGradient id="floor" x1="0" y1="1" x2="0" y2="0"><stop offset="0" stop-color="#bdbdbd"/><stop offset="1" stop-color="#e0e0e0"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="#eceff1"/>
    <polygon points="0,${H} ${W},${H} ${VX + 40},${VY} ${VX - 40},${VY}" fill="url(#floor)"/>
    <rect x="${VX - 40}" y="${VY - 60}" width="80" height="60" fill="#fafafa"/>
    ${shelfSide(-1, seed)}${shelfSide(1, seed)}${shopper(at)}
  </svg>`;
  return sharp(Buffer.from(svg))
    .composite([{ input: stamp(mac, at), left: 8, top: H - 36 }])
    .jpeg({ quality: 82 })
    .toBuffer();
}
