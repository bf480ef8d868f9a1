import { type DefaultTreeAdapterMap, parse } from 'parse5';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export interface ParsedHead {
  /** The text of every <title>, in order (a page must have exactly one). */
  titles: string[];
  /** Every <meta name|property=… content=…>, by name; repeated names keep every value. */
  meta: Map<string, string[]>;
  canonical: string[];
  htmlLang: string | null;
  /** Every element of the document, by tag name: what a browser would build from the text. */
  elements: (tag: string) => Element[];
}

const attr = (element: Element, name: string) =>
  element.attrs.find((a) => a.name === name)?.value ?? null;

function* walk(node: Node): Generator<Element> {
  if ('tagName' in node) yield node;
  if ('childNodes' in node) for (const child of node.childNodes) yield* walk(child);
  if ('content' in node) yield* walk(node.content as Node);
}

/** Reads a served page as a browser's HTML parser does (parse5 is the spec's tokenizer). */
export function parseHead(html: string): ParsedHead {
  const all = [...walk(parse(html))];
  const elements = (tag: string) => all.filter((e) => e.tagName === tag);
  const meta = new Map<string, string[]>();
  for (const element of elements('meta')) {
    const key = attr(element, 'property') ?? attr(element, 'name');
    const content = attr(element, 'content');
    if (key === null || content === null) continue;
    meta.set(key, [...(meta.get(key) ?? []), content]);
  }
  const text = (element: Element) =>
    element.childNodes.map((c) => ('value' in c ? String(c.value) : '')).join('');
  return {
    titles: elements('title').map(text),
    meta,
    canonical: elements('link')
      .filter((l) => attr(l, 'rel') === 'canonical')
      .map((l) => attr(l, 'href') ?? ''),
    htmlLang: attr(elements('html')[0]!, 'lang'),
    elements,
  };
}

/** The one value of a meta tag: fails the test when the tag is missing or repeated. */
export function one(head: ParsedHead, key: string): string {
  const values = head.meta.get(key) ?? [];
  if (values.length !== 1) throw new Error(`${key}: expected one tag, found ${values.length}`);
  return values[0]!;
}
