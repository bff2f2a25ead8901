import { PRODUCT_CHOICE_WIDTH_STEP, TEMPLATE_SIZE_DIMENSIONS, WEBPAGE_PREFIX } from './schemas/constants-plus';
import type { Show, ShowObject } from './schemas/plus';

/*
 * The show rules of plus-signage §3–§5 that the editor applies on save and the server applies again to what it
 * stores (a console other than ours may send raw lists), so both read them from here. Pure functions, no DOM.
 */

/** 2 × ⌊screen width / 180⌋ product numbers to choose from (plus-signage §2.3). */
// spec: plus §2.51 — 2 × floor(width / 180) product choices
export const productChoiceCount = (screenWidth: number) => 2 * Math.floor(screenWidth / PRODUCT_CHOICE_WIDTH_STEP);

/** 'http://' is put in front of a webpage id that does not start with http (plus-signage §5). */
// spec: plus §5.4 — http:// before a webpage id
export const webpageUrl = (id: string) => (/^http/i.test(id) ? id : `${WEBPAGE_PREFIX}${id}`);

/** A template size: '23.1', '29' and '35.4' name a screen, any other is read as 'WxH' (plus-signage §5). */
// spec: plus §5.8 — a template size back to dimensions, or 'WxH'
export function templateScreen(size: string): { width: number; height: number } | undefined {
  const named = TEMPLATE_SIZE_DIMENSIONS[size];
  if (named) return named;
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(size);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
}

/**
 * The list as it is saved: webpage ids prefixed, clickShow an integer, and product objects numbered — in order
 * on a device (the first product object of a slide shows the device's first product), by their chosen id on a
 * template (plus-signage §5).
 */
// spec: plus §5.4, plus §5.5 — products numbered in order (device) or by id (template), clickShow an integer
export function showsForSave(shows: readonly Show[], target: 'device' | 'template'): Show[] {
  return shows.map((show) => {
    let productNumber = 0;
    const object = show.object.map((o): ShowObject => {
      const out: ShowObject = { ...o };
      if (o.type === 'webpage') out.id = webpageUrl(String(o.id));
      if (o.clickShow !== undefined) out.clickShow = Math.trunc(Number(o.clickShow));
      if (o.type === 'product') {
        const chosen = Math.trunc(Number(o.id)) || 0;
        out.id = chosen;
        out.index = target === 'device' ? productNumber++ : chosen;
      }
      return out;
    });
    return { ...show, schedule: show.schedule.map(String), object };
  });
}

/** What makes two slides the same for the template rule: the index (a numbering) and the empty flag do not count. */
function canonicalShow(show: Show) {
  return {
    duration: Number(show.duration),
    clickDuration: Number(show.clickDuration ?? 0),
    bgColor: show.bgColor.toLowerCase(),
    schedule: show.schedule.map(String),
    object: show.object.map((o) => ({
      type: o.type,
      id: o.type === 'webpage' ? webpageUrl(String(o.id)) : String(o.id),
      left: o.left,
      top: o.top,
      width: o.width,
      height: o.height,
      fixed: Boolean(o.fixed),
      clickShow: o.clickShow ?? -1,
      autoSize: Boolean(o.autoSize),
    })),
  };
}

/** §4: a device whose saved list differs from its template's show is detached from it. */
// spec: plus §4.3 — the comparison with the template's show
export const sameShowLists = (a: readonly Show[], b: readonly Show[]) =>
  a.length === b.length && JSON.stringify(a.map(canonicalShow)) === JSON.stringify(b.map(canonicalShow));
