// Side-effect imports of stylesheets are handled by Vite.
declare module '*.css';
