import { render } from 'preact';
import { OptionsPage } from '@/components/options/options-page';
import { MAX_ID_LIST_LENGTH, parseArxivIdList } from '@/lib/sites/arxiv-id';
import '@/components/theme.css';

/** options.html?learn=id1,id2 (the topic page's "Learn a topic from these") opens that section, filled. */
const asked = new URLSearchParams(location.search).get('learn') ?? '';
// Longer than any list the extension hands over: not read (a paste that long is refused with a message).
const learn = asked.length > MAX_ID_LIST_LENGTH ? [] : parseArxivIdList(asked).ids;
render(<OptionsPage learnIds={learn} />, document.getElementById('app')!);
if (learn.length > 0) document.getElementById('learn-topic')?.scrollIntoView();
