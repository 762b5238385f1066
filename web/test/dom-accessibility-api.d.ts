// dom-accessibility-api ships types that its package.json "exports" hide from bundler resolution; the
// one function the tests use (the accessible name, as testing-library computes it) is declared here.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(root: Element): string;
}
