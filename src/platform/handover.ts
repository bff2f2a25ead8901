/*
 * A lean first screen (shell/entry.tsx) draws the controls of the console's screen — the menu button, a select, a
 * Details button — but what they open (the drawer, an alert, a modal) is Ionic's. Tapping one hands the page to the
 * console and the tap goes along: the console's twin of the control (the element with the same data-handover name)
 * is tapped once it is ready, so the member's one tap opens what they asked for.
 */
import { createContext, useContext } from 'react';
import { switchToConsole } from './console-switch';

const KEY = 'shelfpad.handover';
const WAIT_MS = 15_000;

/** Leave the lean screen for the console, which then taps the control named `name`. */
export function handOver(name: string): void {
  sessionStorage.setItem(KEY, name);
  void switchToConsole();
}

/** True inside a lean screen: there, a control whose action needs the console hands over instead. */
export const LeanScreen = createContext(false);

/**
 * Props of a control with a twin in the console (one component can draw both): it acts in the console and hands
 * over in a lean screen.
 */
export function useTwin(name: string, action: (() => void) | undefined) {
  const lean = useContext(LeanScreen);
  return { 'data-handover': name, onClick: lean ? () => handOver(name) : action };
}

const visible = (el: Element) => (el as HTMLElement).checkVisibility?.() ?? (el as HTMLElement).offsetParent !== null;

function findTwin(name: string): Promise<HTMLElement | undefined> {
  const selector = `[data-handover="${CSS.escape(name)}"]`;
  const find = () => [...document.querySelectorAll<HTMLElement>(selector)].find(visible);
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const el = find();
      if (el) done(el);
    });
    const timer = setTimeout(() => done(undefined), WAIT_MS);
    function done(el: HTMLElement | undefined) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(el);
    }
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class', 'style'] });
  });
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

/** In the console, once: tap the twin of the control the lean screen was left by. */
export async function replayHandover(): Promise<void> {
  const name = sessionStorage.getItem(KEY);
  if (!name) return;
  sessionStorage.removeItem(KEY);
  const twin = await findTwin(name);
  if (!twin) return;
  // An Ionic control listens once its component has loaded; the page it is on must have entered, too.
  await (twin as HTMLElement & { componentOnReady?: () => Promise<unknown> }).componentOnReady?.();
  await nextFrame();
  await nextFrame();
  twin.click();
}
