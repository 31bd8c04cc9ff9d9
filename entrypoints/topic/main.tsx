import { render } from 'preact';
import { askBackgroundEarly } from '@/components/early-asks';
import { topicOpeningAsks } from '@/components/topic/topic-asks';
import { TopicShell } from '@/components/topic/topic-shell';
import '@/components/theme.css';

const params = new URLSearchParams(location.search);
const topicId = params.get('id') ?? '';
// The background looks the topic up while the page's code loads.
const early = topicId ? askBackgroundEarly(topicOpeningAsks(topicId)) : undefined;
render(
  <TopicShell topicId={topicId} ask={params.get('ask')} early={early} />,
  document.getElementById('app')!,
);
