// Placeholder: issue 28, item 3 (the child process a submission runs in).
