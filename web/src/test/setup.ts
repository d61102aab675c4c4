// Jest setup for the web project (jsdom): DOM matchers and the browser APIs Mantine expects.
import '@testing-library/jest-dom/jest-globals';
import { afterEach } from '@jest/globals';
import { cleanup, configure } from '@testing-library/react';
import { clearSession } from '../session/session';
// The app loads the editor's strings with the editing screens (app/routes.tsx); tests have them from the start.
import '../i18n/editorStrings';
import '../i18n/adminStrings';

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  configurable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverShim;

// jsdom has no layout: pages scroll to the top when they change, Mantine's Combobox scrolls options into view.
window.scrollTo = () => undefined;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
// jsdom's getComputedStyle rejects the pseudo-element argument some Mantine components pass.
const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);

// Screens are lazy chunks (app/routes.tsx): the first render of one in a test file loads and compiles its
// modules (and dialogs open through the dialog host as lazy chunks too), which on a loaded 2-core machine took
// over 3 s. A passing wait returns as soon as its element appears, so a long limit costs only failing tests.
configure({ asyncUtilTimeout: 10_000 });

// Each test starts signed out, with no remembered preferences.
afterEach(() => {
  cleanup(); // unmount first: clearing the session re-renders whatever is still mounted
  clearSession();
  localStorage.clear();
});
