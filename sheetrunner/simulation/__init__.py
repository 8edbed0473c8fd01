"""What-if: whole events played many times with the real engines and scoring."""
