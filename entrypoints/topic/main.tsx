import { render } from 'preact';
import { TopicPage } from '@/components/topic/topic-page';
import '@/components/theme.css';

const params = new URLSearchParams(location.search);
render(
  <TopicPage topicId={params.get('id') ?? ''} ask={params.get('ask')} />,
  document.getElementById('app')!,
);
