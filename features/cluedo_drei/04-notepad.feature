Feature: The detective notepad
  Transcribes step 4 of the rulebook's "Setup" and step 4 of "Turn
  Sequence": what each player marks on their own notepad sheet (their cards,
  the face-up surplus, every card shown to them) and that nobody else sees it.

  Background:
    Given a game of Justus Jonas, Peter Shaw and Bob Andrews
    And the case file holds Skinner Norris, the golden belt and the Friedhof
    And Peter Shaw holds Mr. Grey and the painting

  @CD-NOT-01
  Rule: Each player sees their own clue cards and no other player's
    Source: Components ¶21; Setup ¶44
    Example: Peter sees his cards; Justus and Bob do not
      Then the view of Peter Shaw shows Mr. Grey in his hand
      And the view of Justus Jonas does not show the hand of Peter Shaw
      And the view of Bob Andrews does not show the hand of Peter Shaw

  @CD-NOT-02
  Rule: A card shown to you is noted for you alone; the others learn only that a card was shown, and by whom
    Source: Turn Sequence ¶67, ¶71-72
    @needs:CD-QUE-04
    Example: Justus notes the painting; Bob only sees that Peter showed a card
      Given Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw shows the painting
      Then Justus Jonas has seen the painting
      And Bob Andrews has not seen the painting
      And everybody saw that Peter Shaw showed Justus Jonas a card

  @CD-NOT-03
  Rule: No view ever shows the case file or another player's hand while the case is open
    Source: Setup ¶42, ¶44
    Example: in the middle of the game no view leaks
      Given Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      Then no view shows the case file
      And no view shows another player's hand
