import { render } from 'preact';
import { askBackgroundEarly } from '@/components/early-asks';
import { topicOpeningAsks } from '@/components/topic/topic-asks';
import { TopicPage } from '@/components/topic/topic-page';
import '@/components/theme.css';

const params = new URLSearchParams(location.search);
const topicId = params.get('id') ?? '';
// The topic is asked for before the page's first render (its own ask would wait for the render's effects):
// the background looks it up while the page renders its loading state. (A light shell that loaded the page's
// code after painting was slower: the code then loads after the shell, not beside it.)
const early = topicId ? askBackgroundEarly(topicOpeningAsks(topicId)) : undefined;
render(
  <TopicPage topicId={topicId} ask={params.get('ask')} early={early} />,
  document.getElementById('app')!,
);
