export { Header } from './header';
export { Footer } from './footer';
export { MainLayout } from './main-layout';
export { PageSkeleton } from './page-skeleton';
export { footerColumns } from './footer-links';
export { headerLinks } from './nav-links';
