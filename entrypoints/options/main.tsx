import { render } from 'preact';
import { OptionsPage } from '@/components/options/options-page';
import { parseArxivIdList } from '@/lib/sites/arxiv-id';
import '@/components/theme.css';

/** options.html?learn=id1,id2 (the topic page's "Learn a topic from these") opens that section, filled. */
const learn = parseArxivIdList(new URLSearchParams(location.search).get('learn') ?? '').ids;
render(<OptionsPage learnIds={learn} />, document.getElementById('app')!);
if (learn.length > 0) document.getElementById('learn-topic')?.scrollIntoView();
