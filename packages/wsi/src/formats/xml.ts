import { WsiError } from '../errors.ts';

/** An element of the small XML trees in TIFF descriptions (OME-XML, PerkinElmer QPI). */
export interface XmlElement {
  /** Local name: namespace prefixes are dropped (`ome:Pixels` → `Pixels`). */
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 256;
const MAX_ELEMENTS = 1_000_000;

/**
 * A strict, non-validating XML parser for metadata blocks. It handles declarations, comments, CDATA,
 * processing instructions and the five named and numeric entities; DTDs are skipped, never expanded
 * (no entity-expansion attacks). Malformed input is a WsiError('corrupt').
 */
export function parseXml(source: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  let pos = 0;
  let count = 0;
  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt === -1 ? source.length : lt;
    if (textEnd > pos) stack[stack.length - 1]!.text += decodeEntities(source.slice(pos, textEnd));
    if (lt === -1) break;
    if (source.startsWith('<!--', lt)) {
      pos = skipTo(source, '-->', lt);
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt);
      if (end === -1) throw corrupt('unterminated CDATA');
      stack[stack.length - 1]!.text += source.slice(lt + 9, end);
      pos = end + 3;
    } else if (source.startsWith('<?', lt)) {
      pos = skipTo(source, '?>', lt);
    } else if (source.startsWith('<!', lt)) {
      pos = skipTo(source, '>', lt);
    } else if (source.startsWith('</', lt)) {
      const end = source.indexOf('>', lt);
      if (end === -1) throw corrupt('unterminated end tag');
      const name = localName(source.slice(lt + 2, end).trim());
      const open = stack.pop();
      if (!open || open === root || open.name !== name) throw corrupt(`unexpected </${name}>`);
      pos = end + 1;
    } else {
      const end = findTagEnd(source, lt);
      const selfClosing = source[end - 1] === '/';
      const element = parseStartTag(source.slice(lt + 1, selfClosing ? end - 1 : end));
      if (++count > MAX_ELEMENTS) throw new WsiError('too-large', 'XML metadata has too many elements');
      stack[stack.length - 1]!.children.push(element);
      if (!selfClosing) {
        if (stack.length > MAX_DEPTH) throw new WsiError('too-large', 'XML metadata is nested too deeply');
        stack.push(element);
      }
      pos = end + 1;
    }
  }
  if (stack.length !== 1) throw corrupt(`<${stack[stack.length - 1]!.name}> is not closed`);
  const top = root.children[0];
  if (!top || root.children.length !== 1) throw corrupt('expected exactly one root element');
  return top;
}

/** Child elements with a given local name. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}

export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Trimmed text of a direct child, or undefined when absent or empty. */
export function childText(element: XmlElement | undefined, name: string): string | undefined {
  const text = child(element, name)?.text.trim();
  return text ? text : undefined;
}

/** Depth-first search for the first descendant with a given local name. */
export function findFirst(element: XmlElement, name: string): XmlElement | undefined {
  const pending = [...element.children].reverse();
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (next.name === name) return next;
    for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i]!);
  }
  return undefined;
}

function parseStartTag(body: string): XmlElement {
  const nameMatch = /^[^\s/>]+/.exec(body);
  if (!nameMatch) throw corrupt('start tag without a name');
  const attributes: Record<string, string> = {};
  const attributePattern = /([^\s=]+)\s*=\s*("([^"]*)"|'([^']*)')/g;
  const rest = body.slice(nameMatch[0].length);
  let match: RegExpExecArray | null;
  while ((match = attributePattern.exec(rest)) !== null) {
    attributes[localName(match[1]!)] = decodeEntities(match[3] ?? match[4] ?? '');
  }
  return { name: localName(nameMatch[0]), attributes, children: [], text: '' };
}

/** The `>` closing a start tag, skipping `>` inside quoted attribute values. */
function findTagEnd(source: string, from: number): number {
  let quote: string | null = null;
  for (let i = from + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '>') {
      return i;
    }
  }
  throw corrupt('unterminated start tag');
}

function skipTo(source: string, terminator: string, from: number): number {
  const end = source.indexOf(terminator, from);
  if (end === -1) throw corrupt(`missing ${terminator}`);
  return end + terminator.length;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (all, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity[1] === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return NAMED[entity] ?? all;
  });
}

function corrupt(reason: string): WsiError {
  return new WsiError('corrupt', `Malformed XML metadata: ${reason}`);
}
