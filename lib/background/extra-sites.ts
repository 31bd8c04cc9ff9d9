/** The opt-in "any page with citation_* meta tags" support: one dynamically registered content script. */

export const EXTRA_SITES_SCRIPT_ID = 'pp-extra-sites';
export const EXTRA_SITES_ORIGINS = ['https://*/*', 'http://*/*'];
/**
 * What the options page asks for when the user switches the feature on: the hosts, and `scripting` to
 * register the script there (an optional permission: nothing else uses it).
 */
export const EXTRA_SITES_PERMISSIONS = {
  permissions: ['scripting' as const],
  origins: EXTRA_SITES_ORIGINS,
};

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
 * Makes the registration match the setting: registered only while the user wants it AND granted the
 * permissions (they can revoke them in the browser at any time). The listed sites keep their own static
 * script. Without `scripting` the browser has no scripting API: nothing can be registered or looked at, and
 * a registration left from before runs nowhere once the hosts are given back with it.
 */
export async function syncExtraSites(deps: {
  wanted: boolean;
  /** Both the hosts and `scripting` (EXTRA_SITES_PERMISSIONS). */
  hasPermission: () => Promise<boolean>;
  scripting: ScriptingApi | undefined;
  scriptFile: string;
  listedSites: readonly string[];
}): Promise<boolean> {
  if (!deps.scripting) return false;
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
