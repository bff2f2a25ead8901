import './lean.css';

/**
 * An ionicons icon without Ionic: ionicons ships each icon as an SVG data URL, used here as a mask so the icon
 * takes the text colour of its button. Filled icons only: the outline ones get their stroke width from Ionic's CSS,
 * which a mask image never sees.
 */
export function LeanIcon({ icon }: { icon: string }) {
  const mask = `url("${icon}")`;
  return <span className="lean-icon" style={{ maskImage: mask, WebkitMaskImage: mask }} aria-hidden="true" />;
}
