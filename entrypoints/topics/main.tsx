import { render } from 'preact';
import { TopicsPage } from '@/components/tree/topics-page';
import '@/components/theme.css';

const params = new URLSearchParams(location.search);
render(
  <TopicsPage
    initialCompare={(params.get('compare') ?? '').split(',').filter(Boolean)}
    onCompareChange={(ids) =>
      history.replaceState(
        null,
        '',
        ids.length ? `?compare=${ids.map(encodeURIComponent).join(',')}` : location.pathname,
      )
    }
  />,
  document.getElementById('app')!,
);
