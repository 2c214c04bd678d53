"""The browser harness: Chromium at phone size driven as a player drives the site (``driver``), players that read
only the screen (``bots``, ``plan``, ``daifugo_bot``), the screenshot tours (``tour``) and on-screen measuring
(``accessibility``). The browser tests (``tests/browser/``) and ``tools.screenshots`` both use it."""
