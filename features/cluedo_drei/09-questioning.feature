Feature: Turn Sequence — questioning
  Transcribes step 3 of the rulebook's "Turn Sequence": on entering a
  location, ask about a suspect, an item and that location; the markers come
  along; the player to the left answers first and shows one card secretly,
  or says they found no evidence and the next player answers.  The tip to
  ask about cards not yet marked is advice: any suspect and item may be named.

  Background:
    Given a game of Justus Jonas, Peter Shaw, Bob Andrews and Uncle Titus
    And the case file holds Skinner Norris, the golden belt and the Friedhof

  @CD-QUE-01
  Rule: A question may only be asked right after entering a location
    Source: Turn Sequence ¶62-63
    Example: Justus cannot ask at the start of his turn
      Given Justus Jonas stands in the Strand
      When Justus Jonas tries to ask about Victor Hugenay, the painting and the Strand
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: after entering the Strand he must ask there
      Given Justus Jonas has just entered the Strand
      Then Justus Jonas must ask a question in the Strand

  @CD-QUE-02
  Rule: The question names one suspect, one item and the location the asker is in
    Source: Turn Sequence ¶63-64
    Example: Justus in the Strand cannot ask about Palisades Park
      Given Justus Jonas has just entered the Strand
      When Justus Jonas tries to ask about Victor Hugenay, the painting and Palisades Park
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-QUE-03
  Rule: The named suspect's and item's markers are moved into the location asked about, and stay there afterwards
    Source: Turn Sequence ¶66, ¶73
    Example: Victor Hugenay and the painting come to Palisades Park
      Given Justus Jonas has just entered the Palisades Park
      When Justus Jonas asks about Victor Hugenay, the painting and Palisades Park
      Then the markers of Victor Hugenay and the painting stand in Palisades Park

  @CD-QUE-04
  Rule: The player to the asker's left answers first, and if they hold a named card they show exactly one, of their choice, to the asker alone
    Source: Turn Sequence ¶67
    Example: Peter holds two of the cards and chooses which to show
      Given Peter Shaw holds Victor Hugenay and the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      Then Peter Shaw must show one of Victor Hugenay and the painting

    Example: Peter shows the painting; only Justus learns which card it was
      Given Peter Shaw holds Victor Hugenay and the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw shows the painting
      Then Justus Jonas has seen the painting
      And Justus Jonas has not seen Victor Hugenay
      And Uncle Titus has not seen the painting
      And it is Peter Shaw's turn

    Example: Peter cannot show a card that was not named
      Given Peter Shaw holds Victor Hugenay and Brittany
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw tries to show Brittany
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: another player cannot answer in Peter's place
      Given Peter Shaw holds Victor Hugenay
      And Bob Andrews holds the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Bob Andrews tries to show the painting
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @CD-QUE-05
  Rule: A player holding none of the named cards says so, and the question passes on to their left
    Source: Turn Sequence ¶68
    Example: Peter and Bob have no evidence; Uncle Titus must show the Strand
      Given Uncle Titus holds the Strand
      And Peter Shaw holds none of Victor Hugenay, the painting and the Strand
      And Bob Andrews holds none of Victor Hugenay, the painting and the Strand
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      Then Peter Shaw and Bob Andrews found no evidence, in that order
      And Uncle Titus must show one of the Strand

  @CD-QUE-06
  Rule: If nobody can show a named card, nobody shows one and the turn passes on
    Source: Turn Sequence ¶68-70
    Example: the case file's three cards are asked about
      Given Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then nobody shows a card
      And it is Peter Shaw's turn

  @CD-QUE-07 @ruling
  Rule: The face-up surplus cards are held by nobody, so nobody shows them
    Source: Setup ¶43-44
    The rulebook says the surplus has nothing to do with the case; it is not
    in anyone's hand, so a question about it gets no card for it.

    Example: asking about a face-up card gets no answer for it
      Given Brittany lies face up beside the board
      And the Art Gallery Hall lies face up beside the board
      And Justus Jonas has just entered the Art Gallery Hall
      When Justus Jonas asks about Brittany, the golden belt and the Art Gallery Hall
      Then nobody shows a card
