import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

/*
 * Why the router does not hear the browser's history moves directly.
 *
 * Every move the browser makes on its own — a typed or bookmarked address, `location.hash = …`, back and forward —
 * reaches React Router as a POP. Ionic's router (IonRouter in @ionic/react-router) then guesses what the POP was:
 * when the page being left was pushed by another, it takes the POP for "back to that page" and re-activates that
 * page's view whatever the address says; it tells back from forward by the location key, and every entry the
 * router did not create itself (all typed or set hashes, and the first page) carries React Router's key 'default'.
 * So each second hash change matched the 'default' key Ionic had just remembered, counted as "forward", marked the
 * page as pushed, and the next change was taken for "back": `#/dashboard → #/scan → #/exceptions → #/store` showed
 * Scan under /store. Menu clicks were right because they are PUSHes the router makes itself.
 *
 * The address is the truth in a hash-routed console: a POP is handed to the router as a replace of the current
 * entry by the address the browser now shows. The browser's history keeps its entries (back and forward still
 * walk them), and Ionic only ever sees PUSH and REPLACE, which it never second-guesses. Our pages' own back buttons
 * name their target (routerDirection="back"), so nothing relies on Ionic's POP guesses.
 */

type PopListener = (event: PopStateEvent) => void;

/** The router's navigation while it is mounted; before that the router's own POP handling stays in place. */
let replaceWithAddress: ((path: string) => void) | undefined;
const wrapped = new WeakMap<EventListenerOrEventListenerObject, PopListener>();

function popHandler(listener: EventListenerOrEventListenerObject): PopListener {
  let handler = wrapped.get(listener);
  if (!handler) {
    handler = (event) => {
      if (replaceWithAddress) replaceWithAddress(window.location.hash.replace(/^#/, '') || '/');
      else if (typeof listener === 'function') listener(event);
      else listener.handleEvent(event);
    };
    wrapped.set(listener, handler);
  }
  return handler;
}

/**
 * The window the hash router is given (HashRouter's `window` prop): the real one, except that the router's
 * popstate listener goes through popHandler.
 */
export const routerWindow: Window = new Proxy(window, {
  get(target, property) {
    if (property === 'addEventListener' || property === 'removeEventListener') {
      return (type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => {
        const handler = type === 'popstate' ? popHandler(listener) : listener;
        if (property === 'addEventListener') target.addEventListener(type, handler as EventListener, options);
        else target.removeEventListener(type, handler as EventListener, options);
      };
    }
    const value: unknown = Reflect.get(target, property, target);
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
  },
});

/** Inside the router: turns each browser history move into a replace by the address (see above). */
export function BrowserHistoryBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    replaceWithAddress = (path) => navigate(path, { replace: true });
    return () => {
      replaceWithAddress = undefined;
    };
  }, [navigate]);
  return null;
}
