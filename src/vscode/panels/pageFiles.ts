// Where a page's files are: stylesheets and pictures in media/, its script
// built from src/webview/<page>/page.ts into dist/pages/<page>.js (esbuild.js). A webview may
// load from these two folders and nothing else.
import * as vscode from 'vscode';

export function pageRoots(extensionUri: vscode.Uri): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'media'), vscode.Uri.joinPath(extensionUri, 'dist', 'pages')];
}

/** The pages, by the name of their script. */
export type PageScript = 'details' | 'template' | 'compare' | 'trends';

export interface PageFiles {
  /** A file of media/, as the webview can load it. */
  media(file: string): string;
  /** The page's one script. */
  script(page: PageScript): string;
}

export function pageFiles(webview: vscode.Webview, extensionUri: vscode.Uri): PageFiles {
  const uri = (...path: string[]) => webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...path)).toString();
  return {
    media: (file) => uri('media', file),
    script: (page) => uri('dist', 'pages', `${page}.js`),
  };
}
