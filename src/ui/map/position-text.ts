/** A position as a form holds it: "latitude,longitude", or empty for none. */
export const positionText = (lat: number, lng: number) => `${lat.toFixed(6)},${lng.toFixed(6)}`;

export function parsePosition(text: string): { lat: number; lng: number } | undefined {
  const parts = text.split(',').map((v) => v.trim());
  if (parts.length !== 2 || parts.some((p) => !p)) return undefined;
  const [lat, lng] = parts.map(Number);
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { lat, lng } : undefined;
}
