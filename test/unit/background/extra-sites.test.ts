import { describe, expect, it } from 'vitest';
import { EXTRA_SITES_SCRIPT_ID, type ScriptingApi, syncExtraSites } from '@/lib/background/extra-sites';

function fakeScripting() {
  const scripts = new Map<string, { matches: string[]; excludeMatches?: string[] }>();
  const api: ScriptingApi = {
    getRegisteredContentScripts: async (filter) =>
      [...scripts.keys()].filter((id) => !filter?.ids || filter.ids.includes(id)).map((id) => ({ id })),
    registerContentScripts: async (list) => {
      for (const s of list) {
        if (scripts.has(s.id)) throw new Error(`Duplicate script ID '${s.id}'`);
        scripts.set(s.id, s);
      }
    },
    unregisterContentScripts: async (filter) => {
      for (const id of filter?.ids ?? [...scripts.keys()]) scripts.delete(id);
    },
  };
  return { api, scripts };
}

describe('syncExtraSites', () => {
  const base = { scriptFile: 'content-scripts/content.js', listedSites: ['https://arxiv.org/*'] };

  it('registers once when wanted and permitted, excluding the listed sites', async () => {
    const { api, scripts } = fakeScripting();
    const deps = { ...base, wanted: true, hasPermission: async () => true, scripting: api };
    expect(await syncExtraSites(deps)).toBe(true);
    expect(await syncExtraSites(deps)).toBe(true); // idempotent: no duplicate registration
    expect(scripts.get(EXTRA_SITES_SCRIPT_ID)?.excludeMatches).toEqual(['https://arxiv.org/*']);
  });

  it('stays unregistered without the permission, and unregisters when switched off or revoked', async () => {
    const { api, scripts } = fakeScripting();
    expect(
      await syncExtraSites({ ...base, wanted: true, hasPermission: async () => false, scripting: api }),
    ).toBe(false);
    expect(scripts.size).toBe(0);
    await syncExtraSites({ ...base, wanted: true, hasPermission: async () => true, scripting: api });
    expect(scripts.size).toBe(1);
    await syncExtraSites({ ...base, wanted: true, hasPermission: async () => false, scripting: api });
    expect(scripts.size).toBe(0);
    await syncExtraSites({ ...base, wanted: true, hasPermission: async () => true, scripting: api });
    await syncExtraSites({ ...base, wanted: false, hasPermission: async () => true, scripting: api });
    expect(scripts.size).toBe(0);
  });

  it('does nothing without the optional scripting permission (the browser then has no scripting API)', async () => {
    const deps = { ...base, hasPermission: async () => false, scripting: undefined };
    expect(await syncExtraSites({ ...deps, wanted: true })).toBe(false);
    expect(await syncExtraSites({ ...deps, wanted: false })).toBe(false);
  });
});
