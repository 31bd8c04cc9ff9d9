import { render } from 'preact';
import { EmergingPage } from '@/components/emerging/emerging-page';
import '@/components/theme.css';

render(<EmergingPage />, document.getElementById('app')!);
