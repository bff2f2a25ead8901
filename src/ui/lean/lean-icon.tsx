import './lean.css';

const svgOf = (icon: string) => decodeURIComponent(icon.replace(/^data:image\/svg\+xml;utf8,/, ''));

/**
 * An ionicons icon without Ionic. Filled icons are the SVG data URL used as a mask, so the icon takes the text colour
 * of its button. Icons drawn by strokes (sync, the outline set) get their stroke width from CSS, which a mask image
 * never sees: those are put inline, where lean.css styles their strokes as Ionic's own CSS does. Either way the
 * markup is ionicons' own, a constant of the build.
 */
export function LeanIcon({ icon }: { icon: string }) {
  if (icon.includes('ionicon-stroke-width')) {
    return <span className="lean-icon lean-icon--inline" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svgOf(icon) }} />;
  }
  const mask = `url("${icon}")`;
  return <span className="lean-icon" style={{ maskImage: mask, WebkitMaskImage: mask }} aria-hidden="true" />;
}
