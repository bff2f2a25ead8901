import { useState } from 'react';

export interface ScriptDraft {
  code: string;
  useType: number;
}

/**
 * What the user typed, kept per scope (store or company) until saved. A draft always wins over what the server
 * answers, so a load that arrives late (or a revalidation) never replaces typed text; switching to another scope
 * and back finds the text where it was left. `carryTo` takes the current text along to another scope, for a user
 * who wrote a script and then chose where it is kept.
 */
export function useScopedDrafts(key: string, loaded: { code: string; useType?: number } | undefined, template: string) {
  const [edits, setEdits] = useState<Record<string, ScriptDraft>>({});
  const saved = loaded && { code: loaded.code || template, useType: loaded.useType ?? 0 };
  const edit = edits[key];
  const draft = edit ?? saved;
  const dirty = Boolean(edit && (!saved || edit.code !== saved.code || edit.useType !== saved.useType));
  return {
    draft,
    dirty,
    change: (patch: Partial<ScriptDraft>) => draft && setEdits((all) => ({ ...all, [key]: { ...draft, ...all[key], ...patch } })),
    /** The current scope's draft was saved as `stored`: the server's copy is shown again, unless typing went on. */
    settle: (stored: ScriptDraft) =>
      setEdits((all) => {
        if (all[key]?.code !== stored.code || all[key]?.useType !== stored.useType) return all;
        const rest = { ...all };
        delete rest[key];
        return rest;
      }),
    carryTo: (other: string) => edit && setEdits((all) => ({ ...all, [other]: all[key] ?? edit })),
  };
}
