import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { EXTRA_SITES_PERMISSIONS } from '@/lib/background/extra-sites';
import type { IndexStatus } from '@/lib/messages/schemas';
import type { Settings } from '@/lib/settings';
import type { StorageApi } from '@/lib/storage-use';
import { MOMENTUM_BADGE_CSS } from '../momentum-badge';
import { MutedTopics } from '../muted-topics';
import { type Loadable, useMessage } from '../use-message';
import { CategoryPicker } from './category-picker';
import { CorrectedChips } from './corrected-chips';
import { CustomTopics } from './custom-topics';
import { DataTransfer } from './data-transfer';
import { StorageUse, UpkeepProgress } from './index-storage';
import { LearnTopic } from './learn-topic';
import { type PermissionApi, PermissionToggle } from './permission-toggle';
import { RejectedSettings } from './rejected-settings';
import { ResetIndex } from './reset-index';
import { ScheduleSettings } from './schedule-settings';
import { useSettings } from './use-settings';

const SECTIONS = [
  ['index', 'Index'],
  ['notifications', 'Notifications'],
  ['sites', 'Sites'],
  ['custom-topics', 'Custom topics'],
  ['learn-topic', 'Learn a topic'],
  ['data', 'Your data'],
] as const;

interface OptionsPageProps {
  permissions?: PermissionApi;
  /** Papers to learn a topic from (options.html?learn=id1,id2, from the topic page). */
  learnIds?: readonly string[];
  /** The browser's StorageManager (tests pass a fake). */
  storage?: StorageApi;
}

/** While the background fetches, re-tags or builds, the index's status is asked again this often. */
const STATUS_POLL_MS = 2000;

/**
 * The options page: what the index covers, notifications, sites, custom topics and topics learned from
 * papers, export/import, reset.
 */
export function OptionsPage({ permissions, learnIds, storage }: OptionsPageProps) {
  const { settings, error, save } = useSettings();
  const [status, reloadStatus, updateStatus] = useMessage('status.get', {});
  const [imports, setImports] = useState(0);
  const [learned, setLearned] = useState(0);
  const categories = settings?.categories.join(', ') ?? '';

  return (
    <main class="pp-page pp-options">
      <style>{MOMENTUM_BADGE_CSS}</style>
      <h1>PaperPulse settings</h1>
      <SectionNav />
      {error && (
        <p role="alert" class="pp-error">
          {error}
        </p>
      )}
      <RejectedSettings />
      <Section id="index" title="Index">
        <IndexSettings
          status={status}
          settings={settings}
          save={save}
          onStatus={(next) => updateStatus(() => next)}
          reload={reloadStatus}
          storage={storage}
        />
      </Section>
      <Section id="notifications" title="Notifications">
        {settings && <NotificationSettings settings={settings} save={save} api={permissions} />}
      </Section>
      <Section id="sites" title="Sites">
        <p class="pp-muted">
          Tags appear on arXiv, alphaXiv, Hugging Face papers, OpenReview, Semantic Scholar, ACL Anthology,
          PMLR, NeurIPS proceedings, bioRxiv and medRxiv.
        </p>
        {settings && (
          <PermissionToggle
            id="pp-extra-sites"
            label="Also tag papers on any site with citation metadata"
            help="Journal and publisher pages that carry citation_* meta tags. Needs access to all sites, asked when you switch this on; pages are only read, never changed outside the tags."
            checked={settings.extraSites}
            needs={EXTRA_SITES_PERMISSIONS}
            onChange={(on) => save({ extraSites: on })}
            api={permissions}
          />
        )}
      </Section>
      <Section id="custom-topics" title="Custom topics">
        <CustomTopics categories={categories} reloadKey={imports + learned} />
      </Section>
      <Section id="learn-topic" title="Learn a topic from papers">
        <LearnTopic initialIds={learnIds} onSaved={() => setLearned((n) => n + 1)} />
      </Section>
      <Section id="muted-topics" title="Muted topics">
        <MutedTopics reloadKey={imports} />
      </Section>
      <Section id="corrections" title="Topics you took off papers">
        <CorrectedChips reloadKey={imports} />
      </Section>
      <Section id="data" title="Your data">
        <DataTransfer
          onImported={() => {
            setImports((n) => n + 1);
            void reloadStatus();
          }}
        />
      </Section>
    </main>
  );
}

/** The switch for a desktop notification when followed topics get new papers. */
function NotificationSettings({
  settings,
  save,
  api,
}: {
  settings: Settings;
  save: ReturnType<typeof useSettings>['save'];
  api: PermissionApi | undefined;
}) {
  return (
    <PermissionToggle
      id="pp-notifications"
      label="Notify me when followed topics get new papers"
      help="One desktop notification after a refresh brings new papers in topics you follow. Needs the notifications permission, asked when you switch this on."
      checked={settings.notifications}
      needs={{ permissions: ['notifications'] }}
      onChange={(on) => save({ notifications: on })}
      api={api}
    />
  );
}

/** Links to the page's main sections. */
function SectionNav() {
  return (
    <nav aria-label="Sections" class="pp-section-nav">
      <ul>
        {SECTIONS.map(([id, title]) => (
          <li key={id}>
            <a href={`#${id}`}>{title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ComponentChildren }) {
  return (
    <section id={id} class="pp-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      {children}
    </section>
  );
}

interface IndexSettingsProps {
  status: Loadable<IndexStatus>;
  /** Undefined while the settings load. */
  settings: Settings | undefined;
  save: (patch: Partial<Settings>) => Promise<boolean>;
  onStatus: (status: IndexStatus) => void;
  reload: () => Promise<void>;
  storage?: StorageApi | undefined;
}

/** What the index holds now, the tracked categories, its history and refresh schedule, and reset. */
function IndexSettings({ status, settings, save, onStatus, reload, storage }: IndexSettingsProps) {
  const busy = status.state === 'ready' && (status.data.running || status.data.upkeep !== undefined);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => void reload(), STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, status, reload]);
  return (
    <>
      {status.state === 'ready' && (
        <p data-index-status>
          {status.data.papers.toLocaleString('en-US')} papers indexed. Tracked categories:{' '}
          {status.data.categories.join(', ')}.{status.data.running && ' Fetching from arXiv now.'}
        </p>
      )}
      {status.state === 'ready' && status.data.upkeep && <UpkeepProgress upkeep={status.data.upkeep} />}
      <StorageUse papers={status.state === 'ready' ? status.data.papers : undefined} storage={storage} />
      {status.state === 'error' && (
        <p role="alert" class="pp-error">
          Could not read the index status: {status.error}
        </p>
      )}
      {settings ? (
        <>
          <CategoryPicker saved={settings.categories} onSave={(list) => save({ categories: list })} />
          <ScheduleSettings settings={settings} save={save} />
        </>
      ) : (
        <p class="pp-muted">Loading settings…</p>
      )}
      <ResetIndex papers={status.state === 'ready' ? status.data.papers : undefined} onStatus={onStatus} />
    </>
  );
}
