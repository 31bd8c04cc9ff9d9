import { render } from 'preact';
import { TopicPage } from '@/components/topic/topic-page';
import '@/components/theme.css';

render(
  <TopicPage topicId={new URLSearchParams(location.search).get('id') ?? ''} />,
  document.getElementById('app')!,
);
