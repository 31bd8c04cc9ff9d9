import { FollowAuthors } from '@/components/follow-authors';
import { SaveButton } from '@/components/saved/save-button';
import type { PaperRow } from '@/lib/messages/schemas';

interface PaperActionsProps {
  paper: Pick<PaperRow, 'id' | 'title' | 'authors'>;
  /** Whether the paper is on the reading list (from the list's `useSavedIds`). */
  saved: boolean;
  /** Called with the Save button's answer, so the list's saved ids stay in step. */
  onSavedChange(saved: boolean): void;
}

/**
 * The controls under a paper in the extension's lists (search results, a topic's papers): Save, then
 * "Follow an author". One component, so both lists offer the same actions the same way.
 */
export function PaperActions({ paper, saved, onSavedChange }: PaperActionsProps) {
  return (
    <>
      <SaveButton id={paper.id} title={paper.title} saved={saved} onChange={onSavedChange} small />
      <FollowAuthors authors={paper.authors} />
    </>
  );
}
