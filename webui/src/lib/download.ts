// The first shared name of the file download, kept so code written against it
// (the Campaign Scheduler) keeps building; new code imports ./saveFile.
export { downloadUrl, saveHtmlFile as saveFile } from './saveFile';
