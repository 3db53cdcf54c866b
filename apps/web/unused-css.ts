/**
 * Build-time PostCSS step that drops the Bootstrap rules no page can use (the browser
 * spent about 250 ms, on a 4x slowed phone, parsing the whole 230 kB stylesheet before the first
 * paint). A selector is kept when every class in it can occur in the app: the class is a word in
 * the app's source, in index.html or in react-bootstrap's code, or it is two such words joined by a
 * hyphen (react-bootstrap builds `btn-${variant}`, `bg-${bg}`, `sticky-${sticky}` from props), or it
 * belongs to a family react-bootstrap composes from numbers and breakpoints (grid, `navbar-expand-*`).
 * Selectors without classes (elements, `:root`, attributes) always stay; so do keyframes and
 * custom properties. Only Bootstrap's own file is touched; the app's and the libraries' other
 * styles are left as they are.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The few PostCSS node shapes used here (PostCSS is Vite's; its types are not a dependency of ours). */
interface CssNode {
  type: string;
  parent?: CssContainer | undefined;
  remove(): void;
}
interface CssContainer extends CssNode {
  nodes?: CssNode[];
}
interface CssRule extends CssContainer {
  selectors: string[];
}
interface CssRoot extends CssContainer {
  source?: { input?: { file?: string } };
  walkRules(callback: (rule: CssRule) => void): void;
  walkAtRules(callback: (atRule: CssContainer & { name: string }) => void): void;
}
export interface PostcssPluginLike {
  postcssPlugin: string;
  OnceExit(root: CssRoot): void;
}

/** Families react-bootstrap builds from numbers and breakpoints (`<Col lg={4}>`, `<Row xs={1} md={2}>`, `<Navbar expand="lg">`). */
const COMPOSED_FAMILIES = ['col', 'row-cols', 'navbar-expand'];

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return filesUnder(path, pattern);
    return pattern.test(name) ? [path] : [];
  });
}

/** react-bootstrap's modules the app imports (`react-bootstrap/Accordion`), with what they import in turn. */
function reactBootstrapModules(esmDir: string, sources: readonly string[]): string[] {
  const pending = sources.flatMap((source) => [...source.matchAll(/from 'react-bootstrap\/(\w+)'/g)].map((match) => match[1] ?? ''));
  const seen = new Set<string>();
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const file = join(esmDir, `${name}.js`);
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(/from '\.\/(\w+)(?:\.js)?'/g)) pending.push(match[1] ?? '');
  }
  return [...seen];
}

/** Every word (letters, digits, `-`, `_`) in the app's source (not its tests), index.html and the react-bootstrap modules it uses. */
export function classWords(webRoot: string): Set<string> {
  // Tests are not the app: a class named only in a test is not on any page. Nor is the door app
  // (src/checkin/, its own build and stylesheet without Bootstrap: docs/checkin-app.md).
  const appFiles = filesUnder(join(webRoot, 'src'), /\.(tsx?|css|html)$/).filter((file) => !/\.test\.tsx?$/.test(file) && !/[/\\]src[/\\]checkin[/\\]/.test(file));
  const sources = [...appFiles, join(webRoot, 'index.html')].map((file) => readFileSync(file, 'utf8'));
  const esmDir = join(dirname(createRequire(join(webRoot, 'package.json')).resolve('react-bootstrap/package.json')), 'esm');
  const texts = [...sources, ...reactBootstrapModules(esmDir, sources).map((file) => readFileSync(file, 'utf8'))];
  const words = new Set<string>();
  for (const text of texts) for (const word of text.match(/[A-Za-z0-9_-]+/g) ?? []) words.add(word);
  return words;
}

export function classCanOccur(name: string, words: ReadonlySet<string>): boolean {
  if (words.has(name)) return true;
  if (COMPOSED_FAMILIES.some((family) => name === family || name.startsWith(`${family}-`))) return true;
  for (let i = name.indexOf('-'); i > 0; i = name.indexOf('-', i + 1)) {
    if (words.has(name.slice(0, i)) && words.has(name.slice(i + 1))) return true;
  }
  return false;
}

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][_a-zA-Z0-9-]*)/g;

export function selectorCanMatch(selector: string, words: ReadonlySet<string>): boolean {
  return [...selector.matchAll(CLASS_IN_SELECTOR)].every((match) => classCanOccur(match[1] ?? '', words));
}

/** The PostCSS plugin; `words` is read once, when the first stylesheet is processed. */
export function unusedBootstrapCss(webRoot: string, bootstrapFile = /node_modules\/bootstrap\/dist\/css\//): PostcssPluginLike {
  let words: Set<string> | undefined;
  return {
    postcssPlugin: 'portal-unused-bootstrap-css',
    OnceExit(root) {
      if (!bootstrapFile.test(root.source?.input?.file ?? '')) return;
      words ??= classWords(webRoot);
      const known = words;
      root.walkRules((rule) => {
        // Keyframe steps (`from`, `50%`) have no classes and stay, like every class-less selector.
        const kept = rule.selectors.filter((selector) => selectorCanMatch(selector, known));
        if (kept.length === 0) rule.remove();
        else if (kept.length < rule.selectors.length) rule.selectors = kept;
      });
      root.walkAtRules((atRule) => {
        if (atRule.name !== 'keyframes' && atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
}
