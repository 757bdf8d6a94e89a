/**
 * Words spaced as written: no built page joins a word to a link or another element
 * without its space ("under<a>Contact</a>" reads "underContact"; a JSX or Astro line break
 * between a word and an element drops the space). Reads the text of every built page as
 * the browser lays it out (as innerText does) and fails on a lower-case letter followed,
 * across inline elements only, by a letter, and on a comma or a full stop with a letter
 * right after it ("officer,Information"). What is laid out as a block separates its
 * text, so a word ending one and a word starting the next are not glued: block elements
 * (paragraphs, list items, table cells, line breaks, images, form fields), elements a
 * class of the built stylesheet lays out as blocks, and the items of a flex or grid
 * container.
 * Punctuation and digits on either side are fine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIST } from '../../scripts/built-site.ts';
import { describeEveryBuiltPage } from '../helpers/built-pages.ts';

/** Elements laid out in the line of the text around them. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'button',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'output',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
/** Laid out as their children only (`display: contents`, as Astro styles its islands). */
const CONTENTS = new Set(['astro-island', 'astro-slot', 'astro-static-slot']);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

/**
 * The display each class sets in the built stylesheets, from rules whose selector is
 * that class alone: Tailwind's (`.block`, `.flex`, `.hidden`) and daisyUI's components
 * (`.card-body` and `.tabs` are flex containers, `.btn` an inline one).
 */
function classDisplays(): Map<string, string> {
  const displays = new Map<string, string>();
  const folder = path.join(DIST, '_astro');
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.css'))) {
    const css = readFileSync(path.join(folder, file), 'utf8');
    for (const [, selectors = '', declarations = ''] of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
      const display = [...declarations.matchAll(/(?:^|;)\s*display:\s*([a-z-]+)/g)].at(-1)?.[1];
      if (!display) continue;
      for (const selector of selectors.split(',')) {
        const name = /^\s*\.([a-zA-Z][\w-]*)\s*$/.exec(selector)?.[1];
        if (name) displays.set(name, display);
      }
    }
  }
  return displays;
}

const DISPLAYS = classDisplays();
/** Displays that make a block of an element: its start and end separate the text around. */
const BLOCK_DISPLAYS = new Set([
  'block',
  'flex',
  'grid',
  'table',
  'flow-root',
  'list-item',
  'none',
]);
/** Displays whose children are flex or grid items, each laid out as a block. */
const CONTAINER_DISPLAYS = new Set(['flex', 'grid', 'inline-flex', 'inline-grid']);

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  middot: '·',
  copy: '©',
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * Three characters where two words meet without a space: a lower-case letter and a letter,
 * or a lower-case word, a comma or semicolon and a letter, or a lower-case word, the end
 * of a sentence and a capital.
 */
const GLUED = /(\p{Ll}\p{L}|\p{Ll}[,;]\p{L}|\p{Ll}[.!?]\p{Lu})$/u;
const GLUED_IN_TEXT = /\S{0,30}\p{Ll}(?:[,;]\p{L}|[.!?]\p{Lu})\S{0,30}/gu;

/** A tag, its attributes' quoted values allowed to hold '>'. */
const TAG = /<(\/?)([a-zA-Z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;

interface Open {
  name: string;
  /** Laid out as its children only. */
  contents: boolean;
  /** Its children are flex or grid items. */
  container: boolean;
  /** Laid out as a block: its start and end separate the text around them. */
  block: boolean;
}

/**
 * The places in `html` where a lower-case letter runs, across inline elements only, into
 * a letter: each as the words on either side, joined by '|'.
 */
function gluedWords(html: string): string[] {
  const body = /<body[\s\S]*<\/body>/.exec(html)?.[0] ?? html;
  // Not laid out as text: comments, scripts, styles, templates, drawings.
  const shown = body
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|template|svg)\b[\s\S]*?<\/\1>/gi, '<br>');
  const found: string[] = [];
  const open: Open[] = [];
  let before = ''; // the text since the last block boundary
  let inlineSince = false; // an inline element began or ended since that text
  let last = 0;
  const visitText = (raw: string) => {
    const text = decode(raw);
    if (text === '') return;
    // Across an element: the end of one text and the start of the next, marked '|'.
    if (inlineSince && GLUED.test(`${before.slice(-2)}${text.slice(0, 1)}`)) {
      const left = /\S{0,30}$/u.exec(before)?.[0] ?? '';
      const right = /^\S{0,30}/u.exec(text)?.[0] ?? '';
      found.push(`${left}|${right}`);
    }
    // Inside one text: a comma or a full stop with no space after it (a line break before
    // an {expression} drops the space as well).
    for (const match of text.matchAll(GLUED_IN_TEXT)) found.push(match[0]);
    before = text;
    inlineSince = false;
  };
  const boundary = (inline: boolean) => {
    if (inline) inlineSince = true;
    else {
      before = '';
      inlineSince = false;
    }
  };
  /** The element whose layout places an element's box: the nearest one not 'contents'. */
  const layoutParent = () => open.findLast((element) => !element.contents);
  for (const match of shown.matchAll(TAG)) {
    visitText(shown.slice(last, match.index));
    last = match.index + match[0].length;
    const [, closing, rawName = '', attributes = ''] = match;
    const name = rawName.toLowerCase();
    if (name === 'wbr') continue; // a break opportunity inside a word, on purpose
    if (closing) {
      const at = open.findLastIndex((element) => element.name === name);
      if (at === -1) continue;
      const [element] = open.splice(at);
      if (element && !element.contents) boundary(!element.block);
      continue;
    }
    const classes = (/\bclass=(?:"([^"]*)"|'([^']*)')/.exec(attributes)?.slice(1).join(' ') ?? '')
      .split(/\s+/)
      .filter(Boolean);
    const displays = classes.map((c) => DISPLAYS.get(c));
    const contents = CONTENTS.has(name) || displays.includes('contents');
    const container = displays.some((d) => d !== undefined && CONTAINER_DISPLAYS.has(d));
    const block =
      !INLINE.has(name) ||
      displays.some((d) => d !== undefined && BLOCK_DISPLAYS.has(d)) ||
      Boolean(layoutParent()?.container);
    if (!contents) boundary(!block);
    if (!VOID.has(name) && !/\/\s*$/.test(attributes))
      open.push({ name, contents, container, block });
  }
  visitText(shown.slice(last));
  return found;
}

describe('the glued-word finder', () => {
  it('finds a word run into a link, a link run into a word, and words across nested inline tags', () => {
    expect(
      gluedWords('<body><p>Write to us under<a href="/contact">Contact</a>.</p></body>'),
    ).toEqual(['under|Contact']);
    expect(gluedWords('<body><p>reached at<span><a>Information</a></span></p></body>')).toEqual([
      'at|Information',
    ]);
    expect(gluedWords('<body><p>(see<a href="/x">how we measure</a>)</p></body>')).toEqual([
      '(see|how',
    ]);
    expect(gluedWords('<body><p>Read <a>the page</a>again</p></body>')).toEqual(['page|again']);
    expect(
      gluedWords('<body><p>Our officer,<em>Thandi</em>, or officer,Sipho.</p></body>'),
    ).toEqual(['officer,|Thandi', 'officer,Sipho.']);
    expect(gluedWords('<body><p>It is done.<a>Next</a> step.Then</p></body>')).toEqual([
      'done.|Next',
      'step.Then',
    ]);
    expect(
      gluedWords(
        '<body><p>our<astro-island><a>provider support page</a></astro-island></p></body>',
      ),
    ).toEqual(['our|provider']);
  });

  it('lets spaces, punctuation, digits, blocks and line breaks separate words', () => {
    expect(
      gluedWords(
        [
          '<body><p>under <a>Contact</a>, or <a>us</a>.</p>',
          '<ul><li>one</li><li>Two</li></ul><p>end</p><p>Next</p>',
          'line<br>Break <span>R</span>1 500 at&nbsp;<a>Home</a>',
          '<p>R1,500 or 2,5 at www.example.com, <a>Node.js</a>. Done! Next, <a>ok</a>.</p>',
          ' x<svg><title>Star</title></svg>y <img alt="">z<!-- a -->b',
          '<script>var a="x"</script><p>ok</p>',
          '<p class="flex gap-4"><a>Terms</a><a>Privacy</a></p>',
          '<dd><span class="block">officer</span><span class="block"><a>Info</a></span></dd>',
          '<div class="flex"><astro-island><span>one</span><span>Two</span></astro-island></div>',
          '<p>a <span class="hidden sm:inline">label</span></p></body>',
        ].join(''),
      ),
    ).toEqual([]);
  });
});

describeEveryBuiltPage(
  'words of the built pages',
  '%s joins no word to the next element without its space',
  (html) => {
    expect(gluedWords(html)).toEqual([]);
  },
);
