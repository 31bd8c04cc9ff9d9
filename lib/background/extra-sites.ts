/** The opt-in "any page with citation_* meta tags" support: one dynamically registered content script. */

export const EXTRA_SITES_SCRIPT_ID = 'pp-extra-sites';
export const EXTRA_SITES_ORIGINS = ['https://*/*', 'http://*/*'];

export interface ScriptingApi {
  getRegisteredContentScripts(filter?: { ids?: string[] }): Promise<{ id: string }[]>;
  registerContentScripts(
    scripts: {
      id: string;
      matches: string[];
      excludeMatches?: string[];
      js: string[];
      runAt?: 'document_idle';
    }[],
  ): Promise<void>;
  unregisterContentScripts(filter?: { ids?: string[] }): Promise<void>;
}

/**
 * Makes the registration match the setting: registered only while the user wants it AND granted the host
 * permission (they can revoke it in the browser at any time). The listed sites keep their own static script.
 */
export async function syncExtraSites(deps: {
  wanted: boolean;
  hasPermission: () => Promise<boolean>;
  scripting: ScriptingApi;
  scriptFile: string;
  listedSites: readonly string[];
}): Promise<boolean> {
  const registered =
    (await deps.scripting.getRegisteredContentScripts({ ids: [EXTRA_SITES_SCRIPT_ID] })).length > 0;
  const active = deps.wanted && (await deps.hasPermission());
  if (active && !registered) {
    await deps.scripting.registerContentScripts([
      {
        id: EXTRA_SITES_SCRIPT_ID,
        matches: EXTRA_SITES_ORIGINS,
        excludeMatches: [...deps.listedSites],
        js: [deps.scriptFile],
        runAt: 'document_idle',
      },
    ]);
  } else if (!active && registered) {
    await deps.scripting.unregisterContentScripts({ ids: [EXTRA_SITES_SCRIPT_ID] });
  }
  return active;
}
