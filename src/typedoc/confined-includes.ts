import path from 'node:path';
import { type Application, type CommentDisplayPart, CommentTag, type Reflection } from 'typedoc';
import type { Problem } from '../errors.ts';
import { checkProjectFile } from '../util/project-files.ts';

// A package's doc comments come from the registry, and TypeDoc's {@include}, {@includeCode} and
// @document read whatever file they name ("{@includeCode /proc/self/environ}", "../../.env") into
// the model, which the pages publish. Each named file must pass the publish rule inside the
// package's own folder; any other is left out of the comment, with a warning naming the package,
// the file and the tag.

const includeTags = new Set(['@include', '@includeCode']);

/** How TypeDoc's include plugin is reached: not public API, so its absence stops the conversion. */
interface IncludePlugin {
  checkIncludeTagsParts(reflection: Reflection, relativeTo: string, parts: CommentDisplayPart[], included?: string[]): void;
}
interface ConverterInternals {
  includePlugin?: IncludePlugin;
  processDocumentTags?(reflection: Reflection, parent: Reflection): void;
}

/**
 * Hooks TypeDoc's reading of included files so that each is checked first, against `directory`
 * (the installed package), on its real path; the check's real path is what TypeDoc then reads.
 * Each tag left out is added to `refused` as a warning at the package's file ("@scope/name/dist/index.d.ts").
 */
export function confineIncludes(app: Application, directory: string, packageName: string, refused: Problem[]): void {
  const converter = app.converter as unknown as ConverterInternals;
  const plugin = converter.includePlugin;
  const original = plugin?.checkIncludeTagsParts;
  const documents = converter.processDocumentTags;
  if (!plugin || typeof original !== 'function' || typeof documents !== 'function') {
    // Fail closed: a TypeDoc that reads includes elsewhere must not convert unchecked.
    throw new Error('this TypeDoc no longer has the include hooks portal checks ({@include}, {@includeCode}, @document): update src/typedoc/confined-includes.ts');
  }
  const display = (file: string) => `${packageName}/${path.relative(directory, file).split(path.sep).join('/')}`;
  const where = (reflection: Reflection, sourcePath: string | undefined) => {
    const source = (reflection as { sources?: { line: number }[] }).sources?.[0];
    return { file: sourcePath ? display(sourcePath) : packageName, ...(source ? { line: source.line } : {}) };
  };
  /** The checked real path of what `target` names, or undefined (with the problem recorded). */
  const admit = (reflection: Reflection, sourcePath: string | undefined, tag: string, text: string, target: string): string | undefined => {
    const check = checkProjectFile(target, [directory], { within: `the package ${packageName}` });
    if (check.status === 'ok') return check.real;
    const reason = check.status === 'missing' ? 'names a file the package does not have' : check.refusal.reason;
    refused.push({
      severity: 'warning',
      ...where(reflection, sourcePath),
      message: `npm package ${packageName}: the doc comment of ${reflection.getFriendlyFullName()} has ${tag === '@document' ? `@document ${text}` : `{${tag} ${text}}`}, which ${reason}; it is left out of the page`,
      hint: 'A doc comment may include only files of its own package (not hidden, not another package). Fix the tag in the package, or ignore this warning: the rest of the comment is published.',
    });
    return undefined;
  };

  plugin.checkIncludeTagsParts = function (reflection, relativeTo, parts, included = []) {
    for (let index = 0; index < parts.length; index++) {
      const part = parts[index];
      if (part.kind !== 'inline-tag' || !includeTags.has(part.tag)) continue;
      // TypeDoc's own reading of the tag: "file#region" or "file:lines", relative to the comment's file.
      const text = part.text.trim();
      const cut = text.includes('#') ? text.indexOf('#') : text.includes(':') ? text.indexOf(':') : text.length;
      const real = admit(reflection, reflection.comment?.sourcePath, part.tag, text, path.resolve(relativeTo, text.slice(0, cut)));
      parts[index] = real === undefined ? { kind: 'text', text: '' } : { ...part, text: `${real}${text.slice(cut)}` };
    }
    return original.call(this, reflection, relativeTo, parts, included);
  };
  converter.processDocumentTags = function (this: unknown, reflection: Reflection, parent: Reflection) {
    const comment = reflection.comment;
    if (comment?.sourcePath) {
      const relativeTo = path.dirname(comment.sourcePath);
      comment.blockTags = comment.blockTags.flatMap((tag: CommentTag) => {
        if (tag.tag !== '@document') return [tag];
        const text = tag.content.map((part) => part.text).join('').trim();
        const real = admit(reflection, comment.sourcePath, '@document', text, path.resolve(relativeTo, text));
        return real === undefined ? [] : [new CommentTag('@document', [{ kind: 'text', text: real }])];
      });
    }
    return documents.call(this, reflection, parent);
  };
}
