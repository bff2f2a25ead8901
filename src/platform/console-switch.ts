/*
 * Leaving a lean app for the console. entry.tsx runs the apps and registers how; the lean apps and the hand-over ask
 * here, so that none of them imports the module that loads them.
 */
let switcher: () => Promise<void> = () => Promise.resolve();

export function registerConsoleSwitch(run: () => Promise<void>): void {
  switcher = run;
}

/** Leave the lean app for the console, at the route the location names (the console's router reads it). */
export function switchToConsole(): Promise<void> {
  return switcher();
}
