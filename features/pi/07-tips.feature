Feature: Tips
  Transcribes "Tips" [ASTUCES], ¶34-38 of pi.fr.txt.  Two of the tips state
  rules in passing: each player knows the case of their left neighbour and,
  at the physical table, answers that neighbour's detectives and cards
  (¶35); and a card taken is a card the others cannot take (¶35).  The
  answering is a variant here: on Board Game Arena, which the text
  describes, the game places the discs and cubes (the default); at the
  table the neighbour does (the variant "the neighbour answers").  The other tips are advice (¶36, ¶38) or follow from the rules
  (¶37).

  @PI-TIP-01
  Rule: Each player sees the case of the player to their left and no other; nobody sees their own case until it is solved
    Source: Tips [ASTUCES] ¶35

    Example: in a game of three, Red sees Blue's case only
      Given a game of Red, Blue and Green
      Then Red sees Blue's case
      And Red does not see Red's case or Green's case
      And Green sees Red's case

    Example: in a game of two, each sees the other's case
      Given a game of Red and Blue
      Then Red sees Blue's case
      And Blue sees Red's case
      And Red does not see Red's case

    Example: in a game of five, no view shows a player their own case
      Given a game of Red, Blue, Green, Yellow and Purple
      Then no player sees their own case
      And Purple sees Red's case

  @PI-TIP-02 @ruling
  Rule: When the game answers, the discs and cubes are placed at once and nobody is asked; what the neighbour knows is only in their view
    The text describes the online game, where the game places the discs and
    cubes; answering by the neighbour is how the same tip reads at a table
    (¶35).

    We take the text's own way as the game itself, not a variant an
    engine may decline: every example of the other clauses plays it (a
    detective answered at once), and an engine without it would lose them
    all.  The neighbour's answering stays a variant (PI-TIP-03 to PI-TIP-05).
    Source: Tips [ASTUCES] ¶35

    Example: Red's detective is answered at once and Blue plays next
      Given a game of Red, Blue and Green
      And Red's case is Vera Lane, Dockyards and Murder
      And the Vera Lane tile lies on Skid Row
      And the Murder tile lies on Lakeside
      When Red places a detective on Skid Row
      Then the detective on Skid Row gives Red 1 disc and 1 cube
      And it is Blue's turn
      And nobody may act but Blue

  @PI-TIP-03 @variant-neighbour-answers @ruling
  Rule: When the neighbour answers, the player to the right of the one who placed a detective or took a card places the discs and cubes, and nothing else happens until they have
    The text (¶35) says that at the table you place the discs and cubes for
    your left neighbour.  We make that a move of its own: the player holding
    the case answers, then the turn goes on.
    Source: Tips [ASTUCES] ¶35

    Example: Green answers Red's detective, then Blue plays
      Given a game of Red, Blue and Green where the neighbour answers
      And Red's case is Vera Lane, Dockyards and Murder
      And the Vera Lane tile lies on Skid Row
      And the Murder tile lies on Lakeside
      When Red places a detective on Skid Row
      Then Green must answer Red
      And everybody is told that Green is to answer Red
      And nobody may act but Green
      When Green answers 1 disc and 1 cube
      Then the detective on Skid Row gives Red 1 disc and 1 cube
      And it is Blue's turn

    Example: Green answers Red's card before the row is refilled
      Given a game of Red, Blue and Green where the neighbour answers
      And Red's case is Vera Lane, Lakeside and Murder
      And the Murder card lies face up
      When Red takes the Murder card
      Then Green must answer Red
      And everybody is told that Green is to answer Red
      When Green answers 1 disc and 0 cubes
      Then the Murder card gives Red 1 disc and 0 cubes
      And chance turns up one of 27 evidence cards, each as likely

    Example: in a game of two Blue answers for Red
      Given a game of Red and Blue where the neighbour answers
      When Red places a detective on Skid Row
      Then Blue must answer Red

    Example: a try is not the neighbour's to answer
      Given a game of Red, Blue and Green where the neighbour answers
      And Red's case is Vera Lane, Skid Row and Murder
      When Red names Vera Lane, Skid Row and Murder
      Then Red scores 7 points for the round
      And it is Blue's turn

  @PI-TIP-04 @variant-neighbour-answers @ruling
  Rule: The neighbour must place exactly the discs and cubes the case calls for; a wrong placement is not accepted and changes nothing
    The text asks the neighbour to answer, not to choose what to answer.  A
    wrong answer would mislead the player for the rest of the round, so the
    referee does not accept it, as a table would correct it; the only answer offered
    is the true one.
    Source: Tips [ASTUCES] ¶35

    Background:
      Given a game of Red, Blue and Green where the neighbour answers
      And Red's case is Vera Lane, Dockyards and Murder
      And the Vera Lane tile lies on Skid Row
      And the Murder tile lies on Lakeside
      And Red has placed a detective on Skid Row

    Example: the only answer Green may give is the true one
      Then Green may answer only 1 disc and 1 cube

    Example: too few is refused
      When Green tries to answer 1 disc and 0 cubes
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: too many is refused
      When Green tries to answer 2 discs and 1 cube
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: nobody but Green may answer
      When Blue tries to answer 1 disc and 1 cube
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @PI-TIP-05 @variant-neighbour-answers @ruling
  Rule: A player who has solved their case still answers for their left neighbour
    Sitting out (¶13) ends one's own turns, not the cards one holds: the
    neighbour's case is still in their hands, and nobody else knows it.
    Source: Tips [ASTUCES] ¶35

    Example: Green, already solved, answers Red
      Given a game of Red, Blue and Green where the neighbour answers
      And it is Red's turn in turn 2
      And Green has solved their case in turn 1
      When Red places a detective on Skid Row
      Then Green must answer Red

  @PI-TIP-06
  Rule: Taking a card of the left neighbour's case keeps that card from them for the rest of the round
    Source: Tips [ASTUCES] ¶35

    Example: Red takes Blue's culprit, and Blue cannot take the Vera Lane card
      Given a game of Red, Blue and Green
      And Blue's case is Vera Lane, Skid Row and Murder
      And the Vera Lane card lies face up
      When Red takes the Vera Lane card
      And chance turns up the Arson card
      And Blue tries to take the Vera Lane card
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @PI-TIP-07
  Rule: The card of a suspected element settles the suspicion: it earns a disc exactly when that element is in the player's case
    Source: Tips [ASTUCES] ¶37

    Scenario Outline: Red's culprit is <culprit>; the Vera Lane card gives <discs> discs
      Given a game of Red, Blue and Green
      And Red's case is <culprit>, Lakeside and Murder
      And the Vera Lane tile lies on Lakeside
      And the Max Cole tile lies on Harbour Front
      And the Vera Lane card lies face up
      When Red takes the Vera Lane card
      Then the Vera Lane card gives Red <discs> discs and <cubes> cubes

      Examples:
        | culprit   | discs | cubes |
        | Vera Lane | 1     | 0     |
        | Max Cole  | 0     | 0     |
