Feature: Your first game — learn by playing
  Transcribes the section "Your first game" ("La teva primera partida"):
  "Learn by playing" ("Aprèn jugant") is a real game against two Easy bots,
  with a coach who steps in at five moments: the learner's first move, the
  first place, the first card shown, the first question nobody answers, and
  the moment they are ready to accuse.  The coach's words are events in the
  learner's view.  That the tutorial takes about ten minutes is a
  description, not a rule; the pointer to the page "The Opening" carries no
  rule.  The tutorial's bots are called Lola and Tito (HO-TUT-02).

  @HO-TUT-01
  Rule: "Learn by playing" is a real game of one learner against two Easy bots, under every rule of the game
    Source: Your first game ¶38

    Example: Anna's tutorial table
      Given the tutorial for Anna
      Then the seats are Anna, the Easy bot Lola and the Easy bot Tito
      And the seats hold 6, 6 and 6 cards, in seat order
      And it is Anna's turn

  @HO-TUT-02 @ruling
  Rule: A tutorial is opened for one learner only, who sits first with the bots Lola and Tito to their left; it has no other seats or bots, no turn timer, and the assistant always on
    The page describes the tutorial's table completely: one learner and two
    Easy bots.  The learner plays first so that the coach's first moments come
    at once.  The bots' names are ours.

    Source: Your first game ¶38

    @setup
    Example: a tutorial for two people
      When the tutorial is requested for Anna and Bernat
      Then the request is refused as bad_request

    @setup
    Example: a tutorial with the assistant off
      When the tutorial is requested for Anna, with the notes assistant off
      Then the request is refused as bad_request

  @HO-TUT-03 @ruling
  Rule: The coach speaks to the learner at their first move, the first time they confirm a move or take a secret passage
    The page names the first move; a pawn that stops in the hall has moved.

    Source: Your first game ¶38
    See also: HO-TRN-03 (on our board, a first move that stops in the hall)

    Example: Anna's first confirmed move is her first move
      Given the tutorial for Anna
      And Anna has selected the Kitchen, within reach of the roll
      Then the coach has spoken to Anna about nothing
      When Anna confirms the move
      Then the coach has spoken to Anna about the first move and the first place

    Example: a selection is not yet a move
      Given the tutorial for Anna
      When Anna rolls 1 and 1
      And Anna selects the Kitchen
      Then the coach has spoken to Anna about nothing

  @HO-TUT-04
  Rule: The coach speaks to the learner the first time they enter a place
    Source: Your first game ¶38

    Example: Anna's first move takes her into the Kitchen
      Given the tutorial for Anna
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then the coach has spoken to Anna about the first move and the first place

  @HO-TUT-05 @ruling
  Rule: The coach speaks to the learner the first time a card is shown to them; a card they show a bot does not count
    The page says "the first card shown".  The learner learns from a card
    shown to them, and that is when the notes sheet fills.

    Source: Your first game ¶38

    Example: Lola shows Anna a card
      Given the tutorial for Anna
      And Lola holds Marcus
      And Anna has just entered the Kitchen
      When Anna asks about Marcus, the drill and the Kitchen
      And the bots play
      Then the coach has spoken to Anna about the first card shown

    @needs:HO-QUE-04
    Example: Anna shows Tito a card; the coach keeps quiet
      Given the tutorial for Anna
      And Anna holds the Kitchen
      And Tito has just entered the Kitchen
      When the bots play
      And Anna shows the Kitchen
      Then the coach has spoken to Anna about nothing

  @HO-TUT-06 @ruling
  Rule: The coach speaks to the learner the first time a question of theirs goes round with nobody showing a card
    The page says "the first unanswered question"; we count the learner's
    own questions, the ones whose silence they must learn to read.

    Source: Your first game ¶38

    Example: nobody can show Vera, the thermal lance or the Wine Cellar
      Given the tutorial for Anna
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Anna has just entered the Wine Cellar
      When Anna asks about Vera, the thermal lance and the Wine Cellar
      Then the coach has spoken to Anna about the first unanswered question

  @HO-TUT-07 @ruling
  Rule: The learner is ready to accuse the first time their notes sheet leaves exactly one card unmarked under each heading, and the coach says so then
    The page does not say how the game decides that the learner is ready.  In
    the tutorial the assistant is always on, so the sheet holds everything the
    learner has seen: one card left under each heading is the hideout.

    Source: Your first game ¶38

    Example: Lola shows Otto, the last gang member but one; Anna is ready
      Given the tutorial for Anna
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Lola holds Otto
      And Lola holds none of the Kitchen
      And the notes sheet of Anna marks every card but Vera, Otto, the thermal lance and the Wine Cellar
      And the coach has spoken to Anna about the first move, the first place and the first card shown
      And Anna has just entered the Kitchen
      When Anna asks about Otto, the thermal lance and the Kitchen
      And the bots play
      Then the coach has spoken to Anna about the first move, the first place, the first card shown and being ready to accuse

    Scenario Outline: with two <heading> still unmarked Anna is not ready
      Given the tutorial for Anna
      And the hideout holds Vera, the thermal lance and the Wine Cellar
      And Lola holds Otto
      And Lola holds none of the Kitchen
      And Anna holds none of <card>
      And the notes sheet of Anna marks every card but Vera, Otto, <card>, the thermal lance and the Wine Cellar
      And the coach has spoken to Anna about the first move, the first place and the first card shown
      And Anna has just entered the Kitchen
      When Anna asks about Otto, the thermal lance and the Kitchen
      And the bots play
      Then the coach has spoken to Anna about the first move, the first place and the first card shown

      Examples:
        | heading       | card      |
        | gang members  | Dex       |
        | methods       | the drill |
        | places        | the Attic |

  @HO-TUT-08 @ruling
  Rule: The coach speaks to the learner alone, once for each moment: its words are in the learner's view, never in the case log or another view
    What the coach says tells how far the learner has got (being ready to
    accuse above all), so it is private to them.

    Source: Your first game ¶38

    Example: the bots and a spectator do not hear the coach
      Given the tutorial for Anna
      And Anna has selected the Kitchen, within reach of the roll
      When Anna confirms the move
      Then only Anna hears the coach

    Example: a second move into a place brings no new word
      Given the tutorial for Anna
      And the coach has spoken to Anna about the first move and the first place
      And Anna stands in the Kitchen
      And Anna has selected the Dining Room, within reach of the roll
      When Anna confirms the move
      Then Anna stands in the Dining Room
      Then the coach has spoken to Anna about the first move and the first place
