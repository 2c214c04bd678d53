"""Everything that runs in AWS Lambda: one code asset (see docs/architecture.md)."""
