Feature: Clever Moves — clever questions
  Transcribes the rulebook section "Clever Moves / Clever Questions" and the
  remark under "No player shows you a card?": a player may name their own
  cards to mislead the others.

  @CD-CLV-01
  Rule: A player may name cards they hold themselves; their own hand is never asked
    Source: Clever Questions ¶92
    Example: Justus names his own Strand and Brittany; nobody else holds them
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas holds Brittany and the Strand
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Brittany, the golden belt and the Strand
      Then nobody shows a card

  @CD-CLV-02
  Rule: A question may name three cards all in the asker's hand; then nobody can show one
    Source: Turn Sequence ¶70; Clever Questions ¶92
    See also: CD-CLV-01, CD-QUE-06, CD-END-01
    The turn then passes on as after any question (CD-END-01).

    Example: Justus names his own Brittany, golden belt and Strand; nobody shows a card
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas holds Brittany, the golden belt and the Strand
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Brittany, the golden belt and the Strand
      Then nobody shows a card
