Feature: Turn Sequence — questioning
  Transcribes step 3 of the rulebook's "Turn Sequence": on entering a
  location, ask about a suspect, an item and that location; the markers come
  along; the player to the left answers first and shows one card secretly,
  or says they found no evidence and the next player answers.  The tip to
  ask about cards not yet marked is advice: any suspect and item may be named.

  Background:
    Given a game of Justus Jonas, Peter Shaw, Bob Andrews and Uncle Titus
    And the case file holds Skinner Norris, the golden belt and the Friedhof

  @CD-QUE-01 @ruling
  Rule: A question may only be asked right after entering a location
    Source: Turn Sequence ¶62-63
    See also: CD-QUE-08, CD-PAS-01, CD-ADV-05
    The rulebook ties the question to entering ("as soon as you enter a
    location") and never offers it at any other moment.  So a player who
    begins a turn in a location cannot question there without leaving and
    coming back in (or arriving through a secret passage, which is entering).

    Example: having just entered the Strand, Justus may ask there
      Given Justus Jonas has just entered the Strand
      Then Justus Jonas may ask about Victor Hugenay, the painting and the Strand

    Example: Justus cannot ask at the start of his turn
      Given Justus Jonas stands in the Strand
      When Justus Jonas tries to ask about Victor Hugenay, the painting and the Strand
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    @needs:CD-END-01
    Example: a question already answered cannot be followed by a second one
      Given Peter Shaw holds the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw shows the painting
      And Justus Jonas tries to ask about Brittany, the golden belt and the Strand
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @CD-QUE-08
  Rule: A player who enters a location must stop there and ask a question; nothing else can be done first
    Source: Turn Sequence ¶63; Secret Passages ¶89
    See also: CD-MOV-04
    Example: after entering the Strand he must ask there
      Given Justus Jonas has just entered the Strand
      Then Justus Jonas must ask a question in the Strand

    Example: he cannot end the turn instead of asking
      Given Justus Jonas has just entered the Strand
      When Justus Jonas tries to end the turn
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-QUE-02
  Rule: The question names one suspect, one item and the location the asker is in
    Source: Turn Sequence ¶63-64
    Example: Justus in the Strand cannot ask about Palisades Park
      Given Justus Jonas has just entered the Strand
      When Justus Jonas tries to ask about Victor Hugenay, the painting and Palisades Park
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: two suspects make no question
      Given Justus Jonas has just entered the Strand
      When Justus Jonas tries to ask about Victor Hugenay, Brittany and the Strand
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: an item in the suspect's place makes no question
      Given Justus Jonas has just entered the Strand
      When Justus Jonas tries to ask about the painting, the golden belt and the Strand
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the rulebook's question in Palisades Park
      Given Justus Jonas has just entered the Palisades Park
      When Justus Jonas asks about Victor Hugenay, the painting and Palisades Park
      Then an event "questioned" was reported

  @CD-QUE-03 @model-markers
  Rule: The named suspect's and item's markers are moved into the location asked about
    Source: Turn Sequence ¶66
    See also: CD-END-03
    Example: Victor Hugenay and the painting come to Palisades Park
      Given Justus Jonas has just entered the Palisades Park
      When Justus Jonas asks about Victor Hugenay, the painting and Palisades Park
      Then the markers of Victor Hugenay and the painting stand in Palisades Park
      And the marker of Brittany stands beside the board

    Example: a marker already in another location is fetched from there
      Given the marker of Victor Hugenay stands in Palisades Park
      And Peter Shaw has just entered the Memorial Hospital
      When Peter Shaw asks about Victor Hugenay, the golden belt and the Memorial Hospital
      Then the markers of Victor Hugenay and the golden belt stand in Memorial Hospital

  @CD-QUE-04
  Rule: The player to the asker's left answers first, and if they hold a named card they show exactly one to the asker alone
    Source: Turn Sequence ¶67
    See also: CD-QUE-09
    Example: Peter shows Victor Hugenay; only Justus learns which card it was, and only that one
      Given Peter Shaw holds Victor Hugenay and the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw shows Victor Hugenay
      Then Justus Jonas has seen Victor Hugenay
      And Justus Jonas has not seen the painting
      And Uncle Titus has not seen Victor Hugenay

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

  @CD-QUE-09 @ruling
  Rule: The player who answers, not the asker, chooses which of the named cards they hold to show
    Source: Turn Sequence ¶67
    The rulebook says the answerer must show one card they hold and at most
    one, but not who picks it when they hold several.  As in every Cluedo,
    the one who shows picks: any of the named cards in their hand.

    Example: Peter holds two of the cards and may show either
      Given Peter Shaw holds Victor Hugenay and the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      Then Peter Shaw must show one of Victor Hugenay and the painting

    Example: Peter picks Victor Hugenay
      Given Peter Shaw holds Victor Hugenay and the painting
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw shows Victor Hugenay
      Then Justus Jonas has seen Victor Hugenay
      And Justus Jonas has not seen the painting

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
      And Uncle Titus must show a card

  @CD-QUE-11
  Rule: The question stops at the first player who shows a card; nobody after them is asked
    Source: Turn Sequence ¶67-68
    See also: CD-QUE-04, CD-QUE-05
    @needs:CD-QUE-04
    Example: once Peter has shown the painting, neither Bob, who holds none of the cards, nor Uncle Titus, who holds Victor Hugenay, is asked
      Given Peter Shaw holds the painting
      And Bob Andrews holds none of Victor Hugenay, the painting and the Strand
      And Uncle Titus holds Victor Hugenay
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Peter Shaw shows the painting
      Then Bob Andrews is not asked
      And Uncle Titus is not asked

    @needs:CD-QUE-05
    Example: once Bob has shown the Strand, after Peter had nothing, Uncle Titus, who holds none of the cards, is not asked
      Given Peter Shaw holds none of Victor Hugenay, the painting and the Strand
      And Bob Andrews holds the Strand
      And Uncle Titus holds none of Victor Hugenay, the painting and the Strand
      And Justus Jonas has just entered the Strand
      When Justus Jonas asks about Victor Hugenay, the painting and the Strand
      And Bob Andrews shows the Strand
      Then Uncle Titus is not asked

  @CD-QUE-06
  Rule: If nobody can show a named card, nobody shows one
    Source: Turn Sequence ¶68-70
    See also: CD-DUE-03, CD-END-01
    The turn then passes on as after any answer: CD-END-01.

    Example: the case file's three cards are asked about
      Given Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then nobody shows a card

  @CD-QUE-07 @ruling
  Rule: The face-up surplus cards are held by nobody, so nobody shows them
    Source: Setup ¶43-44
    The rulebook says the surplus has nothing to do with the case; it is not
    in anyone's hand, so a question about it gets no card for it.

    @setup
    Example: dealt to the end, the deal leaves Brittany and the Art Gallery Hall face up, and nobody shows them
      Given a new game of Justus Jonas, Peter Shaw, Bob Andrews and Uncle Titus
      When the case file is filled with Skinner Norris, the golden belt and the Friedhof
      And every card is dealt but Brittany and the Art Gallery Hall
      Then every view shows Brittany face up beside the board
      Given Justus Jonas has just entered the Art Gallery Hall
      When Justus Jonas asks about Brittany, the golden belt and the Art Gallery Hall
      Then nobody shows a card

    Example: asking about a face-up card gets no answer for it
      Given Brittany lies face up beside the board
      And the Art Gallery Hall lies face up beside the board
      And Justus Jonas has just entered the Art Gallery Hall
      When Justus Jonas asks about Brittany, the golden belt and the Art Gallery Hall
      Then nobody shows a card

  @CD-QUE-10 @ruling @model-markers
  Rule: A question moves the named markers only: no pawn moves with them, and a marker already in the location stays there
    Source: Turn Sequence ¶66
    See also: CD-QUE-03
    The text says the markers go to the asker's location, and says nothing of pawns or of a marker already
    there.  The markers stand for the suspects and items, the pawns for the players: moving one never moves the
    other, and a marker that is where the question puts it simply stays.

    Example: the markers come to Palisades Park, and Peter's pawn stays in the Strand
      Given Peter Shaw stands in the Strand
      And Justus Jonas has just entered the Palisades Park
      When Justus Jonas asks about Victor Hugenay, the painting and Palisades Park
      Then the markers of Victor Hugenay and the painting stand in Palisades Park
      And Peter Shaw stands in the Strand
      And Justus Jonas stands in the Palisades Park

    Example: Victor Hugenay's marker, already in Palisades Park, stays there
      Given the marker of Victor Hugenay stands in Palisades Park
      And Justus Jonas has just entered the Palisades Park
      When Justus Jonas asks about Victor Hugenay, the painting and Palisades Park
      Then the markers of Victor Hugenay and the painting stand in Palisades Park
