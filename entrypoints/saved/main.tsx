import { render } from 'preact';
import { SavedPage } from '@/components/saved/saved-page';
import '@/components/theme.css';

render(<SavedPage />, document.getElementById('app')!);
