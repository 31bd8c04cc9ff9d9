import { render } from 'preact';
import { SearchPage } from '@/components/search/search-page';
import { readSearchParams } from '@/components/search/search-params';
import '@/components/theme.css';

render(<SearchPage initial={readSearchParams(location.search)} />, document.getElementById('app')!);
