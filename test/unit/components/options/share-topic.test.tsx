// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomTopics } from '@/components/options/custom-topics';
import { ShareTopic } from '@/components/options/share-topic';
import { SendContext } from '@/components/use-message';
import { parseTopicShareText, topicShareText } from '@/lib/share/topic-text';
import { fakeBackground } from '../../helpers/pages/fake-send';

afterEach(cleanup);

const TOPIC = { name: 'Robot world models', query: 'cat:cs.RO AND abs:"world model"' };

describe('share a custom topic as text', () => {
  it('writes readable text that parses back; other text is not a topic', () => {
    const text = topicShareText({ name: ' Robot  world models', query: 'cat:cs.RO\nAND abs:"world model"' });
    expect(text).toBe('PaperPulse topic\nname: Robot world models\nquery: cat:cs.RO AND abs:"world model"\n');
    expect(parseTopicShareText(text)).toEqual(TOPIC);
    expect(parseTopicShareText(`  ${text.replaceAll('\n', '\r\n')}  `)).toEqual(TOPIC);
    expect(parseTopicShareText('cat:cs.RO AND robot')).toBeNull();
    expect(parseTopicShareText('PaperPulse topic\nname: x\n')).toBeNull();
  });

  it('Share copies the text and says so', async () => {
    const copied: string[] = [];
    render(<ShareTopic topic={TOPIC} copy={async (t) => void copied.push(t)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share Robot world models' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe('Copied: paste it into “Add topic”.'),
    );
    expect(copied).toEqual([topicShareText(TOPIC)]);
    cleanup();
    render(<ShareTopic topic={TOPIC} copy={() => Promise.reject(new Error('denied'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Share Robot world models' }));
    const box = (await screen.findByRole('textbox', {
      name: 'Robot world models as text',
    })) as HTMLTextAreaElement;
    expect(box.value).toBe(topicShareText(TOPIC));
  });

  it('pasting a shared topic into “Add topic” fills the name and the query', async () => {
    const bg = fakeBackground({
      'userTopics.list': () => ({ topics: [] }),
      'userTopics.preview': () => ({ matches: 0, papers: [], momentum: null, weekly: [] }),
    });
    render(
      <SendContext.Provider value={bg.send}>
        <CustomTopics categories="cs.AI" />
      </SendContext.Provider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New custom topic' }));
    const form = screen.getByRole('form', { name: 'New custom topic' });
    const name = within(form).getByLabelText('Name') as HTMLInputElement;
    const query = within(form).getByLabelText('Query') as HTMLTextAreaElement;
    fireEvent.paste(query, { clipboardData: { getData: () => topicShareText(TOPIC) } });
    await waitFor(() => expect(name.value).toBe(TOPIC.name));
    expect(query.value).toBe(TOPIC.query);
    // Ordinary text pastes as usual (the handler leaves it to the browser).
    fireEvent.paste(name, { clipboardData: { getData: () => 'plain words' } });
    expect(name.value).toBe(TOPIC.name);
  });
});
